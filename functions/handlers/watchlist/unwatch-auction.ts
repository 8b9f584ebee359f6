import { watchlistParamsSchema } from "#shared/schemas/watchlist";
import { defineRoute } from "../../http/route.ts";
import { unwatchAuction } from "../../usecases/watchlist/watchlist.ts";

export const route = defineRoute({ params: watchlistParamsSchema }, async ({ params, auth }) =>
  unwatchAuction(auth.userId, params.auctionId),
);
