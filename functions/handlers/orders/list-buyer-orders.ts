import type { OrderView } from "#shared/schemas/orders";
import { defineRoute } from "../../http/route.ts";
import { listOrdersOfBuyer } from "../../usecases/order-payments.ts";

/** GET /api/orders/buyer: the signed-in user's own orders, newest first. */
export const handler = defineRoute(
  "orders/list-buyer-orders",
  {},
  async ({ auth, now }): Promise<OrderView[]> => listOrdersOfBuyer(auth.userId, now),
);
