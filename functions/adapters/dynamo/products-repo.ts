import { APPROVAL_STATUSES, type ApprovalStatus, METAL_TYPES } from "#shared/constants";
import { decimalToCents } from "#shared/money";
import type { Page, PageRequest } from "#shared/schemas/pages";
import type { ProductFormInput } from "#shared/schemas/seller";
import * as z from "#shared/schemas/zod";
import type { ProductEdit } from "../../domain/product-edits.ts";
import { getItem, putItem } from "./commands.ts";
import { deleteUnlessRefused, transactionConditionFailed, updatedUnlessRefused } from "./conditions.ts";
import { type ApprovalChange, moveApprovalStatus } from "./decisions.ts";
import { listByIndex } from "./index-lists.ts";
import { listIndexPage, searchIndexPage } from "./index-pages.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys, timeSortKey } from "./keys.ts";
import { writeTransaction } from "./transact.ts";

/** The product's own description, as the "add product" forms send it (validated). */
type ProductDetails = Pick<ProductFormInput, "name" | "description" | "metalType" | "imageUrl"> &
  Partial<Pick<ProductFormInput, "weight" | "purity">>;

export interface ProductRecord extends ProductDetails {
  id: string;
  sellerId: string;
  startingPriceCents: number;
  /** Absent: no Buy It Now price. */
  retailPriceCents?: number;
  /** Units offered with Buy It Now (0 or absent: none); the auction keeps what is left. */
  buyNowStock?: number;
  status: ApprovalStatus;
  approvedAt?: string;
  createdAt: string;
  /** Set once the approval has started the product's auction. */
  auctionId?: string;
}

/** The product's own description as stored: on the product, and in the copy its auctions keep. */
export const PRODUCT_DETAILS_FIELDS = {
  name: z.string(),
  description: z.string(),
  metalType: z.enum(METAL_TYPES),
  weight: z.optional(z.string()),
  purity: z.optional(z.string()),
  imageUrl: z.string(),
};

const PRODUCT_SCHEMA = z.object({
  id: z.string(),
  sellerId: z.string(),
  ...PRODUCT_DETAILS_FIELDS,
  startingPriceCents: z.number(),
  retailPriceCents: z.optional(z.number()),
  buyNowStock: z.optional(z.number()),
  status: z.enum(APPROVAL_STATUSES),
  approvedAt: z.optional(z.string()),
  createdAt: z.string(),
  auctionId: z.optional(z.string()),
}) satisfies z.ZodMiniType<ProductRecord>;
const _pRODUCT_SCHEMAKeys: SameKeys<z.infer<typeof PRODUCT_SCHEMA>, ProductRecord> = true;

export function productItem(product: ProductRecord) {
  const sortKey = timeSortKey(product.createdAt, product.id);
  return {
    ...itemHead(keys.product(product.id), "product", {
      gsi1: [indexKeys.productsByStatus(product.status), sortKey],
      gsi2: [indexKeys.sellerProducts(product.sellerId), sortKey],
    }),
    ...product,
  };
}

const toProduct = (item: Record<string, unknown>): ProductRecord =>
  parseStoredItem("product", PRODUCT_SCHEMA, item);

/** What the "add product" forms send (validated, prices as decimals), and whose product it is. */
export type NewProduct = ProductFormInput & { sellerId: string };

/** Every new product waits for an admin's approval. */
export async function createProduct(input: NewProduct, now: number): Promise<ProductRecord> {
  const { startingPrice, retailPrice, ...fields } = input;
  const product: ProductRecord = {
    id: crypto.randomUUID(),
    ...fields,
    // The schemas accept only amounts decimalToCents reads.
    startingPriceCents: decimalToCents(startingPrice) ?? 0,
    retailPriceCents: decimalToCents(retailPrice) ?? 0,
    status: "pending",
    createdAt: new Date(now).toISOString(),
  };
  await putItem({ Item: productItem(product), ConditionExpression: "attribute_not_exists(pk)" });
  return product;
}

export async function getProduct(id: string): Promise<ProductRecord | null> {
  const { Item } = await getItem({ Key: keys.product(id), ConsistentRead: true });
  return Item ? toProduct(Item) : null;
}

/** Index page options of the lists that show the newest first. */
const NEWEST_PRODUCTS = { itemKey: keys.product, newestFirst: true, toRecord: toProduct };

/** A seller's products, newest first. */
export async function listSellerProductsPage(
  sellerId: string,
  page: PageRequest,
): Promise<Page<ProductRecord>> {
  return listIndexPage("gsi2", [indexKeys.sellerProducts(sellerId)], page, NEWEST_PRODUCTS);
}

/** One page of products in any of `statuses`: newest first, or oldest first for a review queue. */
export async function listProductsPage(
  statuses: readonly ApprovalStatus[],
  page: PageRequest,
  options: { newestFirst: boolean },
): Promise<Page<ProductRecord>> {
  return listIndexPage(
    "gsi1",
    statuses.map((status) => indexKeys.productsByStatus(status)),
    page,
    { itemKey: keys.product, ...options, toRecord: toProduct },
  );
}

/** One page of the products in any of `statuses` that `matches` accepts, in the list's order. */
export async function searchProductsPage(
  statuses: readonly ApprovalStatus[],
  page: PageRequest,
  options: { newestFirst: boolean; matches(product: ProductRecord): boolean },
): Promise<Page<ProductRecord>> {
  return searchIndexPage("gsi1", statuses.map(indexKeys.productsByStatus), page, {
    itemKey: keys.product,
    newestFirst: options.newestFirst,
    toRecord: toProduct,
    matches: options.matches,
  });
}

export async function listSellerProducts(sellerId: string): Promise<ProductRecord[]> {
  return (await listByIndex("gsi2", indexKeys.sellerProducts(sellerId), { newestFirst: true })).map(
    toProduct,
  );
}

/** Products with one status, oldest first (pending ones are a review queue). */
export async function listProductsByStatus(status: ApprovalStatus): Promise<ProductRecord[]> {
  return (await listByIndex("gsi1", indexKeys.productsByStatus(status))).map(toProduct);
}

/**
 * Moves a product from `from` to `to` (and its list index with it) only if it is still `from`;
 * returns the updated record, or null when someone else changed it first (or it is gone).
 */
export async function setProductStatus(id: string, change: ApprovalChange): Promise<ProductRecord | null> {
  return moveApprovalStatus(keys.product(id), indexKeys.productsByStatus(change.to), change, toProduct);
}

/** Records the auction an approval started, so deleting the product can find it. */
export async function recordProductAuction(
  productId: string,
  auctionId: string,
): Promise<ProductRecord | null> {
  const item = await updatedUnlessRefused({
    Key: keys.product(productId),
    UpdateExpression: "SET auctionId = :auctionId",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":auctionId": auctionId },
  });
  return item ? toProduct(item) : null;
}

/**
 * Deletes a product and, when given, its auction, in one transaction that holds only while the
 * auction still has no bids: a bid landing at the same moment either comes first (and the deletion is
 * refused) or finds no auction to bid on.
 */
export async function deleteProductWithUnbidAuction(
  product: ProductRecord,
  auctionId: string | null,
): Promise<"deleted" | "gone" | "auction-has-bids"> {
  try {
    await writeTransaction([
      { Delete: { Key: keys.product(product.id), ConditionExpression: "attribute_exists(pk)" } },
      ...(auctionId
        ? [
            {
              Delete: {
                Key: keys.auction(auctionId),
                ConditionExpression: "attribute_not_exists(pk) OR totalBids = :zero",
                ExpressionAttributeValues: { ":zero": 0 },
              },
            },
          ]
        : []),
    ]);
  } catch (error) {
    if (transactionConditionFailed(error, 1)) return "auction-has-bids";
    if (transactionConditionFailed(error, 0)) return "gone";
    throw error;
  }
  return "deleted";
}

/** Removes an auction that nobody has bid on (its product is gone); false when it has bids or is gone. */
export async function deleteUnbidAuction(auctionId: string): Promise<boolean> {
  return deleteUnlessRefused({
    Key: keys.auction(auctionId),
    ConditionExpression: "attribute_exists(pk) AND totalBids = :zero",
    ExpressionAttributeValues: { ":zero": 0 },
  });
}

/** An admin's edit in stored terms: the domain's edit (left out keeps, null clears weight or purity). */
export type ProductChange = ProductEdit;

/** The auction snapshot's fields among a change's (the rest live on the auction item itself). */
const SNAPSHOT_FIELDS = ["name", "description", "metalType", "weight", "purity", "imageUrl"] as const;

/** SET and REMOVE clauses of `change` under `prefix` (a map attribute, or none). */
function updateParts(
  change: Record<string, unknown>,
  fields: readonly string[],
  prefix: string | null,
  names: Record<string, string>,
  values: Record<string, unknown>,
) {
  const sets: string[] = [];
  const removes: string[] = [];
  for (const field of fields) {
    const value = change[field];
    if (value === undefined) continue;
    names[`#${field}`] = field;
    const path = prefix ? `${prefix}.#${field}` : `#${field}`;
    if (value === null) removes.push(path);
    else {
      values[`:${field}`] = value;
      sets.push(`${path} = :${field}`);
    }
  }
  return { sets, removes };
}

const expression = (sets: string[], removes: string[]) =>
  [sets.length ? `SET ${sets.join(", ")}` : "", removes.length ? `REMOVE ${removes.join(", ")}` : ""]
    .filter(Boolean)
    .join(" ");

/**
 * Applies an admin's edit to a product and, when it has one, to its auction's copy (snapshot, starting
 * price, retail price, Buy It Now stock left), in one transaction. `auction.unbid`: the change touches
 * what bidders rely on, so it holds only while the auction has no bid (the price moves with the start);
 * `auction.stockDelta` moves the stock left, never below zero. "auction-refused": one of those no longer
 * held (a bid or a sale came first).
 */
export async function updateProductWithAuction(
  productId: string,
  change: ProductChange,
  auction: { id: string; unbid: boolean; stockDelta: number } | null,
): Promise<"updated" | "gone" | "auction-refused"> {
  const productNames: Record<string, string> = {};
  const productValues: Record<string, unknown> = {};
  const own = updateParts({ ...change }, Object.keys(change), null, productNames, productValues);
  const items: Parameters<typeof writeTransaction>[0][number][] = [
    {
      Update: {
        Key: keys.product(productId),
        UpdateExpression: expression(own.sets, own.removes),
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: productNames,
        ...(Object.keys(productValues).length ? { ExpressionAttributeValues: productValues } : {}),
      },
    },
  ];
  if (auction) {
    const names: Record<string, string> = { "#product": "product" };
    const values: Record<string, unknown> = {};
    const snapshot = updateParts({ ...change }, SNAPSHOT_FIELDS, "#product", names, values);
    const sets = [...snapshot.sets];
    const conditions = ["attribute_exists(pk)"];
    if (change.startingPriceCents !== undefined) {
      values[":start"] = change.startingPriceCents;
      sets.push("startingPriceCents = :start", "priceCents = :start");
    }
    if (change.retailPriceCents !== undefined) {
      values[":retail"] = change.retailPriceCents;
      sets.push("retailPriceCents = :retail");
    }
    if (auction.stockDelta !== 0) {
      values[":delta"] = auction.stockDelta;
      values[":zero"] = 0;
      sets.push("buyNowStockLeft = if_not_exists(buyNowStockLeft, :zero) + :delta");
      if (auction.stockDelta < 0) {
        values[":needed"] = -auction.stockDelta;
        conditions.push("buyNowStockLeft >= :needed");
      }
    }
    if (auction.unbid) {
      values[":zero"] = 0;
      conditions.push("totalBids = :zero");
    }
    if (snapshot.sets.length === 0 && snapshot.removes.length === 0) delete names["#product"];
    if (sets.length || snapshot.removes.length) {
      items.push({
        Update: {
          Key: keys.auction(auction.id),
          UpdateExpression: expression(sets, snapshot.removes),
          ConditionExpression: conditions.join(" AND "),
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        },
      });
    }
  }
  try {
    await writeTransaction(items);
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return "gone";
    if (transactionConditionFailed(error, 1)) return "auction-refused";
    throw error;
  }
  return "updated";
}
