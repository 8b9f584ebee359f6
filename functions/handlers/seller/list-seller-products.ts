import { mapPage, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import type { ProductView } from "#shared/schemas/seller";
import {
  listSellerProducts,
  listSellerProductsPage,
  type ProductRecord,
} from "../../adapters/dynamo/products-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { freshSpotPrices } from "../../usecases/spot-prices/read-spot-prices.ts";
import { toProductView } from "../../usecases/views/product-view.ts";

export const route = defineRoute({ query: pageQuerySchema }, async ({ auth, query, now }) => {
  const { seller } = await currentSeller(auth);
  const page = pageRequestOf(query);
  const spot = await freshSpotPrices(now);
  const view = (products: ProductRecord[]): ProductView[] => products.map((p) => toProductView(p, spot));
  if (!page) return view(await listSellerProducts(seller.id));
  return mapPage(await listSellerProductsPage(seller.id, page), view);
});
