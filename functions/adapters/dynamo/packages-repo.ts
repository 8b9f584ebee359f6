import * as z from "#shared/schemas/zod";
import { deleteItem, getItem } from "./commands.ts";
import { putUnlessRefused, updatedUnlessRefused } from "./conditions.ts";
import { batchGetItems, queryIndexKeys } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys } from "./keys.ts";

/** PACKAGE#id / PROFILE. Money in cents; the API shows it as "12.34". */
export interface BidPackageRecord {
  id: string;
  name: string;
  bidCount: number;
  priceCents: number;
  savings: number;
  popular: boolean;
  /** Inactive packages are hidden from buyers and cannot be bought; payments already made are untouched. */
  active: boolean;
  createdAt: string;
  updatedAt: string | null;
}

/** A package as written whole (seed, script, tests): active unless it says otherwise. */
export type NewBidPackage = Omit<BidPackageRecord, "active" | "updatedAt"> &
  Partial<Pick<BidPackageRecord, "active" | "updatedAt">>;

/** What an admin's edit may change; left-out fields stay. */
export type BidPackageChange = Partial<
  Pick<BidPackageRecord, "name" | "bidCount" | "priceCents" | "savings" | "popular" | "active">
>;

// The index answers in bid-count order already.
const packageSortKey = (bidCount: number, id: string) => `${String(bidCount).padStart(10, "0")}#${id}`;

function bidPackageItem(record: NewBidPackage) {
  return {
    ...itemHead(keys.bidPackage(record.id), "bidPackage", {
      gsi1: [indexKeys.packages(), packageSortKey(record.bidCount, record.id)],
    }),
    ...record,
    active: record.active ?? true,
    updatedAt: record.updatedAt ?? null,
  };
}

const PACKAGE_SCHEMA = z.object({
  id: z.string(),
  name: z.string(),
  bidCount: z.number(),
  priceCents: z.number(),
  savings: z.number(),
  popular: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.nullable(z.string()),
}) satisfies z.ZodMiniType<BidPackageRecord>;
const _pACKAGE_SCHEMAKeys: SameKeys<z.infer<typeof PACKAGE_SCHEMA>, BidPackageRecord> = true;

const fromItem = (item: Record<string, unknown>): BidPackageRecord =>
  parseStoredItem("bidPackage", PACKAGE_SCHEMA, item);

export async function getBidPackage(id: string): Promise<BidPackageRecord | null> {
  const { Item } = await getItem({ Key: keys.bidPackage(id) });
  return Item ? fromItem(Item) : null;
}

/** Every package, by bid count ascending: one index query for the keys, then one BatchGet. */
export async function listBidPackages(): Promise<BidPackageRecord[]> {
  const items = await batchGetItems(await queryIndexKeys("gsi1", indexKeys.packages()), {
    unprocessedRounds: { attempts: 10, delayMs: (failed) => Math.min(1000, 50 * 2 ** failed) },
  });
  return items.map(fromItem);
}

/** Writes a package. With `onlyIfAbsent`, an existing package (maybe edited by an admin) is left alone. */
export async function putBidPackage(
  record: NewBidPackage,
  options: { onlyIfAbsent?: boolean } = {},
): Promise<"written" | "exists"> {
  const written = await putUnlessRefused({
    Item: bidPackageItem(record),
    ...(options.onlyIfAbsent ? { ConditionExpression: "attribute_not_exists(pk)" } : {}),
  });
  return written ? "written" : "exists";
}

export async function deleteBidPackage(id: string): Promise<boolean> {
  const { Attributes } = await deleteItem({ Key: keys.bidPackage(id), ReturnValues: "ALL_OLD" });
  return Attributes !== undefined;
}

/**
 * Applies an admin's edit to an existing package (null when there is none). Only the named fields
 * change; a new bid count moves the package in the index's order.
 */
export async function updateBidPackage(
  id: string,
  change: BidPackageChange,
  now: number,
): Promise<BidPackageRecord | null> {
  const fields = Object.entries(change).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { "#updatedAt": "updatedAt" };
  const values: Record<string, unknown> = { ":updatedAt": new Date(now).toISOString() };
  const sets = ["#updatedAt = :updatedAt"];
  for (const [field, value] of fields) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (change.bidCount !== undefined) {
    values[":sortKey"] = packageSortKey(change.bidCount, id);
    sets.push("gsi1sk = :sortKey");
  }
  const item = await updatedUnlessRefused({
    Key: keys.bidPackage(id),
    UpdateExpression: `SET ${sets.join(", ")}`,
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
  return item ? fromItem(item) : null;
}
