import { defineRoute } from "../../http/route.ts";
import { listAllProducts } from "../../usecases/admin-products.ts";

export const handler = defineRoute("admin/list-products", {}, async () => listAllProducts());
