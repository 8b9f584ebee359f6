import type { OrderView } from "#shared/schemas/orders";
import { defineRoute } from "../../http/route.ts";
import { listOrdersOfSeller } from "../../usecases/orders.ts";

/** GET /api/orders/seller: the signed-in seller's orders with the buyer's name, email and address. */
export const handler = defineRoute(
  "orders/list-seller-orders",
  {},
  async ({ auth }): Promise<OrderView[]> => listOrdersOfSeller(auth.userId),
);
