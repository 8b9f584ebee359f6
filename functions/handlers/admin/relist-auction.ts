import { idParamsSchema, relistAuctionSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { relistExpiredWin } from "../../usecases/auctions/relist-auction.ts";
import { freshSpotPrices } from "../../usecases/spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../../usecases/views/auction-view.ts";

/**
 * Starts a new auction of an expired win's product, with a lock price if given; answers the new auction
 * (the same one when repeated).
 */
export const route = defineRoute(
  { params: idParamsSchema, body: relistAuctionSchema },
  async ({ params, body, now }) => {
    const [auction, spot] = await Promise.all([
      relistExpiredWin(params.id, now, body.lockAtPrice),
      freshSpotPrices(now),
    ]);
    return toAuctionSummary(auction, now, spot);
  },
);
