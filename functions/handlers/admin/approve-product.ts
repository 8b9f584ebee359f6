import { approveProductSchema, idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { approveProduct } from "../../usecases/products/approve-product.ts";
import { toProductView } from "../../usecases/views/product-view.ts";

/** Approves the product and starts its auction; the body may set the auction's length and lock price. */
export const route = defineRoute(
  { params: idParamsSchema, body: approveProductSchema },
  async ({ params, body, now }) =>
    toProductView(
      await approveProduct({
        id: params.id,
        durationSeconds: body.durationSeconds,
        beginner: body.beginner,
        lockAtPrice: body.lockAtPrice,
        now,
      }),
    ),
);
