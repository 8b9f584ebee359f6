import { adminUpdateProductSchema, idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { updateAdminProduct } from "../../usecases/products/edit-product.ts";

export const route = defineRoute(
  { params: idParamsSchema, body: adminUpdateProductSchema },
  ({ params, body }) => updateAdminProduct(params.id, body),
);
