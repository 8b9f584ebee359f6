import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { shippingAddressSchema } from "#shared/schemas/orders";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { buyItNow } from "../../usecases/orders/buy-now.ts";

/** POST /api/auctions/{id}/buy-now: 201 with a `buy_now` order, paid like any order. */
export const route = defineRoute(
  { params: auctionIdParamsSchema, body: shippingAddressSchema },
  async ({ params, body, auth, now }) =>
    reply(201, await buyItNow(params.id, auth.userId, body, now, liveHandoff())),
);
