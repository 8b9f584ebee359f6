import { idParamsSchema } from "#shared/schemas/admin";
import { toProductView } from "../../adapters/dynamo/products-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { rejectProduct } from "../../usecases/review-products.ts";

export const handler = defineRoute(
  "admin/reject-product",
  { params: idParamsSchema },
  async ({ params, now }) => toProductView(await rejectProduct(params.id, now)),
);
