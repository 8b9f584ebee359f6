import type { ProductView } from "#shared/schemas/seller";
import { listSellerProducts, toProductView } from "../../adapters/dynamo/products-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/seller-account.ts";

export const handler = defineRoute(
  "seller/list-seller-products",
  {},
  async ({ auth }): Promise<ProductView[]> => {
    const { seller } = await currentSeller(auth);
    return (await listSellerProducts(seller.id)).map(toProductView);
  },
);
