import type { WonAuction } from "#shared/schemas/orders";
import { defineRoute } from "../../http/route.ts";
import { listWonAuctionsOf } from "../../usecases/orders.ts";

/** GET /api/auctions/won: the signed-in user's won auctions with their order state. */
export const handler = defineRoute(
  "auctions/list-won-auctions",
  {},
  async ({ auth, now }): Promise<WonAuction[]> => listWonAuctionsOf(auth.userId, now),
);
