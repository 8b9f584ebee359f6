import { createOrderRequestSchema, type OrderView } from "#shared/schemas/orders";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { placeOrder } from "../../usecases/orders/orders.ts";

/** POST /api/orders: the winner's checkout; the price comes from the auction, never from the body. */
export const route = defineRoute(
  { body: createOrderRequestSchema },
  async ({ body, auth, now }): Promise<OrderView> => placeOrder(body, auth.userId, now, liveHandoff()),
);
