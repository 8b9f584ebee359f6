import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { defineRoute } from "../../http/route.ts";
import { exchangeWin } from "../../usecases/orders/exchange-win.ts";

/** POST /api/auctions/{id}/exchange: the winner gives the unpaid win up and gets its bids back. */
export const route = defineRoute({ params: auctionIdParamsSchema }, async ({ params, auth, now }) =>
  exchangeWin(params.id, auth.userId, now),
);
