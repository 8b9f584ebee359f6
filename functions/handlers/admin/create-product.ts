import { adminCreateProductSchema } from "#shared/schemas/admin";
import { defineRoute, reply } from "../../http/route.ts";
import { createAdminProduct } from "../../usecases/products/admin-products.ts";

export const route = defineRoute({ body: adminCreateProductSchema }, async ({ auth, body, now }) =>
  reply(201, await createAdminProduct(auth.userId, body, now)),
);
