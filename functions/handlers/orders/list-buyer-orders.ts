import type { OrderView } from "#shared/schemas/orders";
import { type Page, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { defineRoute } from "../../http/route.ts";
import { listOrdersOfBuyer, listOrdersOfBuyerPage } from "../../usecases/orders/order-payments.ts";

/** GET /api/orders/buyer: the signed-in user's own orders, newest first. */
export const route = defineRoute(
  { query: pageQuerySchema },
  async ({ auth, now, query }): Promise<OrderView[] | Page<OrderView>> => {
    const page = pageRequestOf(query);
    return page ? listOrdersOfBuyerPage(auth.userId, now, page) : listOrdersOfBuyer(auth.userId, now);
  },
);
