import { pageRequestOf, searchPageQuerySchema, searchRequestOf } from "#shared/schemas/pages";
import { defineRoute } from "../../http/route.ts";
import {
  listPendingProducts,
  listPendingProductsPage,
  searchProductsListPage,
} from "../../usecases/products/admin-products.ts";

/** The review queue, oldest first; `?q=` (name or metal) answers a page of the matches. */
export const route = defineRoute({ query: searchPageQuerySchema }, async ({ query }) => {
  const search = searchRequestOf(query);
  if (search) return searchProductsListPage(["pending"], search, false);
  const page = pageRequestOf(query);
  return page ? listPendingProductsPage(page) : listPendingProducts();
});
