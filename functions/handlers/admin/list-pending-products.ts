import { defineRoute } from "../../http/route.ts";
import { listPendingProducts } from "../../usecases/admin-products.ts";

export const handler = defineRoute("admin/list-pending-products", {}, async () => listPendingProducts());
