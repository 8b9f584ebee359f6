import { APPROVAL_STATUSES } from "#shared/constants";
import { pageRequestOf, searchPageQuerySchema, searchRequestOf } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import { defineRoute } from "../../http/route.ts";
import {
  listAllProducts,
  listAllProductsPage,
  searchProductsListPage,
} from "../../usecases/products/admin-products.ts";

const query = z.extend(searchPageQuerySchema, { status: z.optional(z.enum(APPROVAL_STATUSES)) });

/** Every product, newest first; `?q=` (name or metal) and `?status=` answer a page of the matches. */
export const route = defineRoute({ query }, async ({ query }) => {
  const search = searchRequestOf(query, query?.status !== undefined);
  if (search) return searchProductsListPage(query?.status ? [query.status] : APPROVAL_STATUSES, search, true);
  const page = pageRequestOf(query);
  return page ? listAllProductsPage(page) : listAllProducts();
});
