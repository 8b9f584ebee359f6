import { idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { deleteProduct } from "../../usecases/products/review-products.ts";

export const route = defineRoute({ params: idParamsSchema }, async ({ params }) => {
  await deleteProduct(params.id);
  return { message: "Product deleted" };
});
