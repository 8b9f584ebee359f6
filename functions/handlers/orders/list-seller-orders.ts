import type { OrderView } from "#shared/schemas/orders";
import { type Page, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { defineRoute } from "../../http/route.ts";
import { listOrdersOfSeller } from "../../usecases/orders/orders.ts";

/** GET /api/orders/seller: the signed-in seller's orders with the buyer's name, email and address. */
export const route = defineRoute(
  { query: pageQuerySchema },
  async ({ auth, query }): Promise<OrderView[] | Page<OrderView>> => {
    const page = pageRequestOf(query);
    return page ? listOrdersOfSeller(auth.userId, page) : listOrdersOfSeller(auth.userId);
  },
);
