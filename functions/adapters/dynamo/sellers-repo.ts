import { APPROVAL_STATUSES, type ApprovalStatus } from "#shared/constants";
import type { Page, PageRequest } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import { getItem } from "./commands.ts";
import { cancellationCodes, updatedUnlessRefused } from "./conditions.ts";
import { type ApprovalChange, moveApprovalStatus } from "./decisions.ts";
import { batchGetItems, listByIndex } from "./index-lists.ts";
import { listIndexPage } from "./index-pages.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys, timeSortKey } from "./keys.ts";
import { createItemOp, writeTransaction } from "./transact.ts";

export interface SellerRecord {
  id: string;
  userId: string;
  businessName: string;
  description?: string;
  status: ApprovalStatus;
  approvedAt?: string;
  createdAt: string;
  /** The profile the platform sells under for products an admin creates (see docs/decisions.md). */
  platform?: boolean;
}

const SELLER_SCHEMA = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  description: z.optional(z.string()),
  status: z.enum(APPROVAL_STATUSES),
  approvedAt: z.optional(z.string()),
  createdAt: z.string(),
  platform: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<SellerRecord>;
const _sELLER_SCHEMAKeys: SameKeys<z.infer<typeof SELLER_SCHEMA>, SellerRecord> = true;

/** The one attribute read off the admin's user item: the seller profile they sell under. */
const SELLER_OF_SCHEMA = z.object({ sellerId: z.optional(z.string()) });

/** The business name of the profile under which admin-created products are sold. */
export const PLATFORM_BUSINESS_NAME = "Precious Metals Auctions";

export function sellerItem(seller: SellerRecord) {
  return {
    ...itemHead(keys.seller(seller.id), "seller", {
      gsi1: [indexKeys.sellersByStatus(seller.status), timeSortKey(seller.createdAt, seller.id)],
    }),
    ...seller,
  };
}

const toSeller = (item: Record<string, unknown>): SellerRecord =>
  parseStoredItem("seller", SELLER_SCHEMA, item);

export async function getSeller(id: string): Promise<SellerRecord | null> {
  const { Item } = await getItem({ Key: keys.seller(id) });
  return Item ? toSeller(Item) : null;
}

/** Several sellers by id (duplicates and missing ones are fine), keyed by id. */
export async function getSellers(ids: readonly string[]): Promise<Map<string, SellerRecord>> {
  const items = await batchGetItems([...new Set(ids)].map((id) => keys.seller(id)));
  return new Map(items.map(toSeller).map((seller) => [seller.id, seller]));
}

/** Applications with one status, oldest first (a queue: first come, first reviewed). */
/** One page of the sellers in `status`, in application order. */
export async function listSellersPage(
  status: ApprovalStatus,
  page: PageRequest,
): Promise<Page<SellerRecord>> {
  return listIndexPage("gsi1", [indexKeys.sellersByStatus(status)], page, {
    itemKey: keys.seller,
    toRecord: toSeller,
  });
}

export async function listSellersByStatus(status: ApprovalStatus): Promise<SellerRecord[]> {
  return (await listByIndex("gsi1", indexKeys.sellersByStatus(status))).map(toSeller);
}

/**
 * Moves a seller from `from` to `to` (and its list index with it) only if it is still `from`;
 * returns the updated record, or null when someone else changed it first.
 */
export async function setSellerStatus(id: string, change: ApprovalChange): Promise<SellerRecord | null> {
  return moveApprovalStatus(keys.seller(id), indexKeys.sellersByStatus(change.to), change, toSeller);
}

/** Edits the business profile while the application is still pending; null if it no longer is. */
export async function updatePendingSellerProfile(
  id: string,
  profile: { businessName: string; description?: string },
): Promise<SellerRecord | null> {
  const description = profile.description?.trim() ? profile.description : undefined;
  const item = await updatedUnlessRefused({
    Key: keys.seller(id),
    UpdateExpression: description
      ? "SET businessName = :name, description = :description"
      : "SET businessName = :name REMOVE description",
    ConditionExpression: "attribute_exists(pk) AND #status = :pending",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: {
      ":name": profile.businessName,
      ":pending": "pending",
      ...(description ? { ":description": description } : {}),
    },
  });
  return item ? toSeller(item) : null;
}

/**
 * The approved platform seller profile an admin's products are sold under, created on first use.
 * The admin's user item records it (sellerId), written in one transaction with the profile so two
 * simultaneous first uses create one profile.
 */
export async function ensurePlatformSeller(
  admin: { id: string; sellerId?: string },
  now: number,
): Promise<SellerRecord> {
  if (admin.sellerId) {
    const existing = await getSeller(admin.sellerId);
    if (existing) return existing;
  }
  const createdAt = new Date(now).toISOString();
  const seller: SellerRecord = {
    id: crypto.randomUUID(),
    userId: admin.id,
    businessName: PLATFORM_BUSINESS_NAME,
    description: "Listed directly by the marketplace.",
    status: "approved",
    approvedAt: createdAt,
    createdAt,
    platform: true,
  };
  try {
    await writeTransaction([
      createItemOp(sellerItem(seller)),
      {
        Update: {
          Key: keys.user(admin.id),
          UpdateExpression: "SET sellerId = :sellerId",
          ConditionExpression: admin.sellerId
            ? "attribute_exists(pk) AND sellerId = :previous"
            : "attribute_exists(pk) AND attribute_not_exists(sellerId)",
          ExpressionAttributeValues: {
            ":sellerId": seller.id,
            ...(admin.sellerId ? { ":previous": admin.sellerId } : {}),
          },
        },
      },
    ]);
    return seller;
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
    // Another request created it first: use theirs.
    const { Item } = await getItem({ Key: keys.user(admin.id), ConsistentRead: true });
    const sellerId = Item ? parseStoredItem("user", SELLER_OF_SCHEMA, Item).sellerId : undefined;
    const winner = sellerId ? await getSeller(sellerId) : null;
    if (!winner) throw error;
    return winner;
  }
}
