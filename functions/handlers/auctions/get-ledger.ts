import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { notFound } from "../../http/errors.ts";
import { definePublicRoute } from "../../http/route.ts";
import { readLedger } from "../../usecases/bid-ledger.ts";
import { BID_MESSAGES } from "../../usecases/place-bid.ts";

export const route = definePublicRoute({ params: auctionIdParamsSchema }, async ({ params }) => {
  const ledger = await readLedger(params.id);
  if (!ledger) throw notFound(BID_MESSAGES.notFound);
  return ledger;
});
