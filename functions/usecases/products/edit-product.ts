/**
 * An admin's edit of a product, before or after approval (domain/product-edits.ts): the product and
 * its auction's copy change together, so the auction page shows the edit at once. Once the auction
 * has a bid, what bidders relied on stays (409 naming the field), checked again inside the write so a
 * bid landing meanwhile wins.
 */
import { decimalToCents } from "#shared/money";
import type { AdminProduct, AdminUpdateProductInput } from "#shared/schemas/admin";
import { getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import {
  getProduct,
  type ProductChange,
  updateProductWithAuction,
} from "../../adapters/dynamo/products-repo.ts";
import { notFound, Refusal } from "../../domain/errors.ts";
import {
  BIDDER_FIELD_MESSAGE,
  bidderFieldChanged,
  changedFields,
  lockRefusal,
  retailRefusal,
  stockRefusal,
} from "../../domain/product-edits.ts";
import { toAdminProducts } from "./admin-products.ts";

const PRODUCT_NOT_FOUND = "Product not found";

/** A refusal naming its field, like the schema's 400s: "<field>: <message>". */
const refusedField = (kind: "bad-request" | "conflict", field: string, message: string) =>
  new Refusal(kind, `${field}: ${message}`, { field, issues: [{ path: field, message }] });

function storedTerms(input: AdminUpdateProductInput): ProductChange {
  const { startingPrice, retailPrice, ...rest } = input;
  return {
    ...rest,
    // The schema accepts only amounts decimalToCents reads.
    ...(startingPrice !== undefined ? { startingPriceCents: decimalToCents(startingPrice) ?? 0 } : {}),
    ...(retailPrice !== undefined ? { retailPriceCents: decimalToCents(retailPrice) ?? 0 } : {}),
  };
}

export async function updateAdminProduct(id: string, input: AdminUpdateProductInput): Promise<AdminProduct> {
  const product = await getProduct(id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const changed = changedFields(product, storedTerms(input));
  const retail = retailRefusal(product, changed);
  if (retail) throw refusedField("bad-request", "retailPrice", retail);
  const auction = product.auctionId ? await getAuction(product.auctionId) : null;
  const bidderField = bidderFieldChanged(changed);
  if (auction && bidderField && auction.totalBids > 0) {
    throw refusedField("conflict", bidderField, BIDDER_FIELD_MESSAGE);
  }
  if (auction && changed.startingPriceCents !== undefined) {
    const lock = lockRefusal(auction.lockAtPriceCents, changed.startingPriceCents);
    if (lock) throw refusedField("conflict", "startingPrice", lock);
  }
  const stockDelta = changed.buyNowStock === undefined ? 0 : changed.buyNowStock - (product.buyNowStock ?? 0);
  if (auction && changed.buyNowStock !== undefined) {
    const stock = stockRefusal(product, changed.buyNowStock, auction.buyNowStockLeft ?? 0);
    if (stock) throw refusedField("conflict", "buyNowStock", stock);
  }
  if (Object.keys(changed).length === 0) return (await toAdminProducts([product]))[0]!;

  const outcome = await updateProductWithAuction(
    id,
    changed,
    auction ? { id: auction.id, unbid: bidderField !== null, stockDelta } : null,
  );
  if (outcome === "gone") throw notFound(PRODUCT_NOT_FOUND);
  if (outcome === "auction-refused") {
    // A bid or a Buy It Now sale came between the read and the write: say which.
    throw bidderField
      ? refusedField("conflict", bidderField, BIDDER_FIELD_MESSAGE)
      : refusedField("conflict", "buyNowStock", "Buy It Now sold meanwhile: reload and try again");
  }
  const updated = await getProduct(id);
  if (!updated) throw notFound(PRODUCT_NOT_FOUND);
  return (await toAdminProducts([updated]))[0]!;
}
