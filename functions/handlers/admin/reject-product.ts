import { idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { rejectProduct } from "../../usecases/products/review-products.ts";
import { toProductView } from "../../usecases/views/product-view.ts";

export const route = defineRoute({ params: idParamsSchema }, async ({ params, now }) =>
  toProductView(await rejectProduct(params.id, now)),
);
