import { fineOzOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { ProductView } from "#shared/schemas/seller";
import type { ProductRecord } from "../../adapters/dynamo/products-repo.ts";
import type { SpotPriceBoard } from "../../adapters/dynamo/spot-prices-repo.ts";
import { meltValueField } from "./melt-value.ts";

/** The product's own description (weight and purity only when given): the part every copy of it shows. */
export function productDescription(
  product: Pick<
    ProductRecord,
    "id" | "name" | "description" | "metalType" | "weight" | "purity" | "imageUrl"
  >,
) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    metalType: product.metalType,
    ...(product.weight ? { weight: product.weight } : {}),
    ...(product.purity ? { purity: product.purity } : {}),
    imageUrl: product.imageUrl,
  };
}

/** With its melt value when `spot` (the fresh spot prices) values its metal. */
export function toProductView(product: ProductRecord, spot?: SpotPriceBoard): ProductView {
  return {
    ...productDescription(product),
    fineOz: fineOzOf(product),
    ...meltValueField(product, spot),
    sellerId: product.sellerId,
    startingPrice: centsToDecimal(product.startingPriceCents),
    retailPrice: product.retailPriceCents ? centsToDecimal(product.retailPriceCents) : null,
    buyNowStock: product.buyNowStock ?? 0,
    status: product.status,
    ...(product.approvedAt ? { approvedAt: product.approvedAt } : {}),
    createdAt: product.createdAt,
    ...(product.auctionId ? { auctionId: product.auctionId } : {}),
  };
}
