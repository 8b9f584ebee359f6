import { BID_MESSAGES } from "#shared/bid-refusals";
import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { notFound } from "../../http/errors.ts";
import { definePublicRoute } from "../../http/route.ts";
import { readAuctionDetail, readBidderSpend } from "../../usecases/auctions/read-auctions.ts";

export const route = definePublicRoute({ params: auctionIdParamsSchema }, async ({ params, now, auth }) => {
  const [detail, me] = await Promise.all([
    readAuctionDetail(params.id, now, liveHandoff()),
    auth ? readBidderSpend(params.id, auth.userId) : undefined,
  ]);
  if (!detail) throw notFound(BID_MESSAGES.notFound);
  return me ? { ...detail, me } : detail;
});
