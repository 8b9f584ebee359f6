import { pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { defineRoute } from "../../http/route.ts";
import { listAllProducts, listAllProductsPage } from "../../usecases/products/admin-products.ts";

export const route = defineRoute({ query: pageQuerySchema }, async ({ query }) => {
  const page = pageRequestOf(query);
  return page ? listAllProductsPage(page) : listAllProducts();
});
