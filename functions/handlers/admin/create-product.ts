import { adminCreateProductSchema } from "#shared/schemas/admin";
import { defineRoute, reply } from "../../http/route.ts";
import { createAdminProduct } from "../../usecases/admin-products.ts";

export const handler = defineRoute(
  "admin/create-product",
  { body: adminCreateProductSchema },
  async ({ auth, body, now }) => reply(201, await createAdminProduct(auth.userId, body, now)),
);
