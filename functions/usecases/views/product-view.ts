import { centsToDecimal } from "#shared/money";
import type { ProductView } from "#shared/schemas/seller";
import type { ProductRecord } from "../../adapters/dynamo/products-repo.ts";

export function toProductView(product: ProductRecord): ProductView {
  return {
    id: product.id,
    sellerId: product.sellerId,
    name: product.name,
    description: product.description,
    metalType: product.metalType,
    ...(product.weight ? { weight: product.weight } : {}),
    ...(product.purity ? { purity: product.purity } : {}),
    imageUrl: product.imageUrl,
    startingPrice: centsToDecimal(product.startingPriceCents),
    retailPrice: product.retailPriceCents ? centsToDecimal(product.retailPriceCents) : null,
    buyNowStock: product.buyNowStock ?? 0,
    status: product.status,
    ...(product.approvedAt ? { approvedAt: product.approvedAt } : {}),
    createdAt: product.createdAt,
    ...(product.auctionId ? { auctionId: product.auctionId } : {}),
  };
}
