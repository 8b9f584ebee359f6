import { auctionIdParamsSchema, type PlaceBidResponse } from "#shared/schemas/auctions";
import { getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { placeBid } from "../../usecases/bidding/place-bid.ts";
import { freshSpotPrices } from "../../usecases/spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../../usecases/views/auction-view.ts";
import { toBidView } from "../../usecases/views/bid-view.ts";

export const route = defineRoute(
  { params: auctionIdParamsSchema, prefetch: (params) => getAuction(params.id) },
  async ({ params, auth, prefetched, now }): Promise<PlaceBidResponse> => {
    // Read beside the bid, so the melt value adds no wait; a refused bid never looks at it.
    const spot = freshSpotPrices(now);
    spot.catch(() => {});
    const placed = await placeBid({
      auctionId: params.id,
      bidder: { id: auth.userId, username: auth.username, role: auth.role },
      firstRead: prefetched,
      liveHandoff: liveHandoff(),
    });
    return {
      auction: toAuctionSummary(placed.auction, placed.now, await spot),
      bid: toBidView(placed.bid),
    };
  },
);
