import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { readBuyNowOffer } from "../../usecases/orders/buy-now.ts";

/** GET /api/auctions/{id}/buy-now: the caller's Buy It Now offer, with the credit worked out. */
export const route = defineRoute({ params: auctionIdParamsSchema }, async ({ params, auth, now }) =>
  readBuyNowOffer(params.id, auth.userId, now, liveHandoff()),
);
