import { watchlistParamsSchema } from "#shared/schemas/watchlist";
import { defineRoute } from "../../http/route.ts";
import { watchAuction } from "../../usecases/watchlist/watchlist.ts";

export const route = defineRoute({ params: watchlistParamsSchema }, async ({ params, auth, now }) =>
  watchAuction(auth.userId, params.auctionId, now),
);
