import type { WonAuction } from "#shared/schemas/orders";
import { type Page, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { listWonAuctionsOf } from "../../usecases/orders/orders.ts";

/** GET /api/auctions/won: the signed-in user's won auctions with their order state. */
export const route = defineRoute(
  { query: pageQuerySchema },
  async ({ auth, now, query }): Promise<WonAuction[] | Page<WonAuction>> => {
    const page = pageRequestOf(query);
    return page
      ? listWonAuctionsOf(auth.userId, now, page, liveHandoff())
      : listWonAuctionsOf(auth.userId, now, undefined, liveHandoff());
  },
);
