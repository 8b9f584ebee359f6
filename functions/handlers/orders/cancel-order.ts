import { type OrderView, orderIdParamsSchema } from "#shared/schemas/orders";
import { defineRoute } from "../../http/route.ts";
import { cancelLateOrder } from "../../usecases/orders/cancel-late-order.ts";

/** POST /api/orders/{id}/cancel: the buyer cancels a paid order not shipped by its shipBy, for a full refund. */
export const route = defineRoute(
  { params: orderIdParamsSchema },
  async ({ params, auth, now }): Promise<OrderView> => cancelLateOrder(params.id, auth.userId, now),
);
