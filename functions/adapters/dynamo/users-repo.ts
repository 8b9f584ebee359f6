import { ROLES, type UserRole } from "#shared/constants";
import type { NotificationSettings } from "#shared/schemas/notifications";
import * as z from "#shared/schemas/zod";
import { conflict } from "../../domain/errors.ts";
import { getItem } from "./commands.ts";
import { transactionConditionFailed, updateUnlessRefused } from "./conditions.ts";
import { batchGetItems } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys, timeSortKey } from "./keys.ts";
import { receiveCreditsItem } from "./paid-credits-repo.ts";
import { referralRegistrationItems } from "./referrals-repo.ts";
import { sellerItem } from "./sellers-repo.ts";
import { createItemOp, writeTransaction } from "./transact.ts";

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  role: UserRole;
  bidBalance: number;
  /** Voucher bids held (an invitation's reward): the free part of the balance, at most the balance (domain/referrals.ts). */
  voucherBids?: number;
  passwordHash: string;
  createdAt: string;
  lastBidAt?: string;
  lastSeenAt?: string;
  /** Set for role seller: the seller profile created at registration. */
  sellerId?: string;
  /** A bid-package payment of theirs was refunded or disputed (usecases/payments/payment-reversed.ts). */
  paymentFlag?: "refunded" | "disputed";
  /** Which optional emails they want (absent: the defaults, functions/domain/notifications.ts). */
  notifications?: Partial<NotificationSettings>;
  /** false until the address is proved; true from the start for seeded and staff-made accounts. */
  emailVerified?: boolean;
  /** An address the user asked to move to; it replaces `email` once its link is followed. */
  pendingEmail?: string;
  /** When the account was deleted: its personal data is gone and it can no longer sign in. */
  deletedAt?: string;
  /** When the owner confirmed being 18 or older and accepted the Terms and the Auction Rules; absent when registration did not send it. */
  termsAcceptedAt?: string;
}

const pushChoices = z.object({ outbid: z.boolean(), won: z.boolean(), endingSoon: z.boolean() });

/**
 * The email and push choices as PUT /api/me/notifications stored them (already checked there): the
 * fields without the request schema's messages, which every Lambda reading a user would carry.
 */
export const STORED_NOTIFICATIONS_SCHEMA = z.object({
  outbid: z.optional(z.boolean()),
  won: z.optional(z.boolean()),
  marketing: z.optional(z.boolean()),
  endingSoon: z.optional(z.boolean()),
  alertsForBidAuctions: z.optional(z.boolean()),
  push: z.optional(pushChoices),
  endingSoonMinutes: z.optional(z.number()),
}) satisfies z.ZodMiniType<Partial<NotificationSettings>>;
const _sTORED_NOTIFICATIONS_SCHEMAKeys: SameKeys<
  z.infer<typeof STORED_NOTIFICATIONS_SCHEMA>,
  Partial<NotificationSettings>
> = true;

const USER_SCHEMA = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  bidBalance: z.number(),
  voucherBids: z.optional(z.number()),
  passwordHash: z.string(),
  createdAt: z.string(),
  lastBidAt: z.optional(z.string()),
  lastSeenAt: z.optional(z.string()),
  sellerId: z.optional(z.string()),
  paymentFlag: z.optional(z.enum(["refunded", "disputed"])),
  notifications: z.optional(STORED_NOTIFICATIONS_SCHEMA),
  emailVerified: z.optional(z.boolean()),
  pendingEmail: z.optional(z.string()),
  deletedAt: z.optional(z.string()),
  termsAcceptedAt: z.optional(z.string()),
}) satisfies z.ZodMiniType<UserRecord>;
const _userKeys: SameKeys<z.infer<typeof USER_SCHEMA>, UserRecord> = true;

const GUARD_SCHEMA = z.object({ userId: z.string() });

export function userItem(user: UserRecord) {
  return {
    ...itemHead(keys.user(user.id), "user", {
      gsi1: [indexKeys.users(), timeSortKey(user.createdAt, user.id)],
    }),
    ...user,
  };
}

/**
 * One transaction: the user, both uniqueness guards, the user counter and (for sellers) the pending
 * seller profile. Two simultaneous registrations of one name: exactly one succeeds.
 */
export async function createUser(input: {
  username: string;
  email: string;
  passwordHash: string;
  role: UserRole;
  now: number;
  bidBalance?: number;
  /** A seller's business name as the application gives it (the username when it gives none). */
  businessName?: string;
  /**
   * false for a self-registered account, whose address is unproved until its link is followed; true for
   * the accounts staff or scripts make (seeded demo accounts, `npm run create-admin`).
   */
  emailVerified: boolean;
  /** Set when the registration accepted the Terms and the Auction Rules. */
  termsAccepted?: boolean;
  /** The account whose referral code the registration carried. */
  invitedBy?: string;
}): Promise<UserRecord> {
  const createdAt = new Date(input.now).toISOString();
  const id = crypto.randomUUID();
  const sellerId = input.role === "seller" ? crypto.randomUUID() : undefined;
  const user: UserRecord = {
    id,
    username: input.username,
    email: input.email,
    role: input.role,
    bidBalance: input.bidBalance ?? 0,
    passwordHash: input.passwordHash,
    createdAt,
    ...(sellerId ? { sellerId } : {}),
    emailVerified: input.emailVerified,
    ...(input.termsAccepted ? { termsAcceptedAt: createdAt } : {}),
  };
  const guard = { type: "guard", userId: id };
  const items = [
    createItemOp(userItem(user)),
    createItemOp({ ...keys.usernameGuard(user.username), ...guard }),
    createItemOp({ ...keys.emailGuard(user.email), ...guard }),
    {
      Update: {
        Key: keys.userStats(),
        UpdateExpression: "ADD totalUsers :one",
        ExpressionAttributeValues: { ":one": 1 },
      },
    },
    // A balance given at creation is received for free (paid-credits-repo.ts).
    ...(user.bidBalance > 0 ? [receiveCreditsItem(id, user.bidBalance, 0)] : []),
    ...(sellerId
      ? [
          createItemOp(
            sellerItem({
              id: sellerId,
              userId: id,
              businessName: input.businessName || user.username,
              status: "pending",
              createdAt,
            }),
          ),
        ]
      : []),
    ...(input.invitedBy ? referralRegistrationItems(input.invitedBy, id, input.now) : []),
  ];
  try {
    await writeTransaction(items);
  } catch (error) {
    if (transactionConditionFailed(error, 1)) throw conflict("Username is already taken");
    if (transactionConditionFailed(error, 2)) throw conflict("Email is already registered");
    throw error;
  }
  return user;
}

export async function getUser(id: string): Promise<UserRecord | null> {
  const { Item } = await getItem({ Key: keys.user(id) });
  return Item ? toUser(Item) : null;
}

/**
 * When each of these accounts was created (ms epoch), for the bidder badges: one projected BatchGet
 * per hundred; an account that is gone is left out.
 */
export async function getAccountsCreatedAt(userIds: readonly string[]): Promise<Map<string, number>> {
  const items = await batchGetItems(
    userIds.map((id) => keys.user(id)),
    { attributes: ["id", "createdAt"] },
  );
  const created = new Map<string, number>();
  for (const item of items) {
    const at = typeof item.createdAt === "string" ? Date.parse(item.createdAt) : Number.NaN;
    if (typeof item.id === "string" && !Number.isNaN(at)) created.set(item.id, at);
  }
  return created;
}

/** Username or email, case-insensitive, through the guard items (no index, no scan). */
export async function findUserByLogin(identifier: string): Promise<UserRecord | null> {
  const guardKey = identifier.includes("@") ? keys.emailGuard(identifier) : keys.usernameGuard(identifier);
  const { Item } = await getItem({ Key: guardKey });
  if (!Item) return null;
  const user = await getUser(parseStoredItem("guard", GUARD_SCHEMA, Item).userId);
  // A deleted account keeps its username's guard (nobody may take the name) but never signs in.
  return user?.deletedAt ? null : user;
}

/** A stored user item as its record (parsed by USER_SCHEMA). */
export function toUser(item: Record<string, unknown>): UserRecord {
  return parseStoredItem("user", USER_SCHEMA, item);
}

/**
 * Replaces a password hash only if it is still `previousHash` (a rehash at login or a password change
 * racing an admin reset: the later writer must not silently undo the other). False when it changed.
 */
export async function replacePasswordHash(
  userId: string,
  previousHash: string,
  nextHash: string,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.user(userId),
    UpdateExpression: "SET passwordHash = :next",
    ConditionExpression: "passwordHash = :previous",
    ExpressionAttributeValues: { ":next": nextHash, ":previous": previousHash },
  });
}
