import {
  deleteUnbidAuction,
  getProduct,
  type ProductRecord,
  recordProductAuction,
} from "../../adapters/dynamo/products-repo.ts";
import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { conflict, notFound } from "../../domain/errors.ts";
import { lockAtPriceFor, startAuction } from "../auctions/start-auction.ts";
import { decideProductStatus } from "./review-products.ts";

/**
 * Approves a product and starts its auction. The status moves first, so a concurrent rejection can
 * no longer win, and only then the auction starts: a rejected product never goes live. Repeating the
 * call (a double click, or a retry after a failure between the two steps) starts nothing new:
 * startAuction is idempotent per product.
 */
export async function approveProduct(input: {
  id: string;
  durationSeconds?: number;
  beginner?: boolean;
  /** Decimal string, checked against the product's starting price before anything changes. */
  lockAtPrice?: string | null;
  now: number;
}): Promise<ProductRecord> {
  if (input.lockAtPrice != null) {
    const pending = await getProduct(input.id);
    if (pending) lockAtPriceFor(input.lockAtPrice, pending.startingPriceCents);
  }
  const product = await decideProductStatus(input.id, "approve", input.now);
  if (product.auctionId) return product;
  const seller = await getSeller(product.sellerId);
  if (!seller) throw conflict("This product's seller no longer exists");
  const auction = await startAuction({
    product,
    seller,
    durationSeconds: input.durationSeconds,
    beginner: input.beginner,
    lockAtPriceCents: lockAtPriceFor(input.lockAtPrice, product.startingPriceCents),
    now: input.now,
  });
  const recorded = await recordProductAuction(product.id, auction.id);
  if (!recorded) {
    // The product was deleted while its auction was starting: nothing may stay live without it.
    await deleteUnbidAuction(auction.id);
    throw notFound("Product not found");
  }
  return recorded;
}
