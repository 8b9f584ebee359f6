import { type OrderPaymentIntentResponse, orderIdParamsSchema } from "#shared/schemas/orders";
import { defineRoute } from "../../http/route.ts";
import { createOrderPaymentIntent } from "../../usecases/orders/order-payments.ts";

/** POST /api/orders/{id}/payment-intent: pay the buyer's own unpaid order (its webhook marks it paid). */
export const route = defineRoute(
  { params: orderIdParamsSchema },
  async ({ params, auth, now }): Promise<OrderPaymentIntentResponse> =>
    createOrderPaymentIntent(params.id, auth.userId, now),
);
