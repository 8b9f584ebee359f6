import { type OrderView, orderIdParamsSchema, shippingUpdateSchema } from "#shared/schemas/orders";
import { defineRoute } from "../../http/route.ts";
import { updateOrderShipping } from "../../usecases/orders/orders.ts";

/** PATCH /api/orders/{id}/shipping: only the order's seller; shippedAt/deliveredAt are stamped. */
export const route = defineRoute(
  { params: orderIdParamsSchema, body: shippingUpdateSchema },
  async ({ params, body, auth, now }): Promise<OrderView> =>
    updateOrderShipping(params.id, auth.userId, body, now),
);
