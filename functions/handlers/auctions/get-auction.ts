import { BID_MESSAGES } from "#shared/bid-refusals";
import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { notFound } from "../../http/errors.ts";
import { definePublicRoute } from "../../http/route.ts";
import { readAuctionDetail } from "../../usecases/auctions/read-auctions.ts";

export const route = definePublicRoute({ params: auctionIdParamsSchema }, async ({ params, now, auth }) => {
  const detail = await readAuctionDetail(params.id, now, liveHandoff(), auth?.userId);
  if (!detail) throw notFound(BID_MESSAGES.notFound);
  return detail;
});
