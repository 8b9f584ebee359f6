/**
 * An account's one-time links (`ACCOUNTTOKEN#<hash>` / `TOKEN`, TTL at expiry) and the writes that
 * verify, move or erase its email address (docs/architecture.md section 5, "Accounts").
 */
import * as z from "#shared/schemas/zod";
import type { AccountTokenPurpose } from "../../domain/accounts.ts";
import { updateItem } from "./commands.ts";
import { transactionConditionFailed, unlessRefused, updateUnlessRefused } from "./conditions.ts";
import { listByIndex } from "./index-lists.ts";
import { parseStoredItem, type SameKeys, withoutKeys } from "./item-schema.ts";
import { indexKeys, keys } from "./keys.ts";
import { consumeOneTimeItem, putOneTimeItem } from "./one-time-items.ts";
import { createItemOp, writeTransaction } from "./transact.ts";
import type { UserRecord } from "./users-repo.ts";

export interface AccountTokenRecord {
  purpose: AccountTokenPurpose;
  userId: string;
  /** The address the link was sent to: a verification proves this one, not whatever the account holds later. */
  email: string;
  expiresAtMs: number;
  /** A reset link's password fingerprint (domain/accounts.ts passwordStamp). */
  passwordStamp?: string;
}

const TOKEN_SCHEMA = z.object({
  purpose: z.enum(["verify_email", "password_reset"]),
  userId: z.string(),
  email: z.string(),
  expiresAtMs: z.number(),
  passwordStamp: z.optional(z.string()),
}) satisfies z.ZodMiniType<AccountTokenRecord>;
const _tOKEN_SCHEMAKeys: SameKeys<z.infer<typeof TOKEN_SCHEMA>, AccountTokenRecord> = true;

export async function putAccountToken(tokenHash: string, token: AccountTokenRecord): Promise<void> {
  await putOneTimeItem(keys.accountToken(tokenHash), "accountToken", token);
}

/**
 * Uses a token up: deleted only if it is of `purpose` and unexpired at `now`, in one conditional write,
 * so two requests with the same link cannot both pass. Null (nothing changed) otherwise.
 */
export async function consumeAccountToken(
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<AccountTokenRecord | null> {
  return consumeOneTimeItem(keys.accountToken(tokenHash), { purpose, now }, (item) =>
    parseStoredItem("accountToken", TOKEN_SCHEMA, item),
  );
}

/** Marks the address verified, only while it is still the account's address. */
export async function markEmailVerified(userId: string, email: string): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.user(userId),
    UpdateExpression: "SET emailVerified = :true",
    ConditionExpression: "email = :email AND attribute_not_exists(deletedAt)",
    ExpressionAttributeValues: { ":true": true, ":email": email },
  });
}

export async function setPendingEmail(userId: string, email: string): Promise<void> {
  await updateItem({
    Key: keys.user(userId),
    UpdateExpression: "SET pendingEmail = :email",
    ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deletedAt)",
    ExpressionAttributeValues: { ":email": email },
  });
}

/**
 * Moves the account to its pending address, now proved: the new address's guard (refused when another
 * account took it meanwhile), the old guard released, the user item switched, all or nothing.
 */
export async function applyPendingEmail(
  user: Pick<UserRecord, "id" | "email">,
  newEmail: string,
): Promise<"moved" | "taken" | "stale"> {
  try {
    await writeTransaction([
      {
        Update: {
          Key: keys.user(user.id),
          UpdateExpression: "SET email = :new, emailVerified = :true REMOVE pendingEmail",
          ConditionExpression: "email = :old AND pendingEmail = :new AND attribute_not_exists(deletedAt)",
          ExpressionAttributeValues: { ":new": newEmail, ":old": user.email, ":true": true },
        },
      },
      createItemOp({ ...keys.emailGuard(newEmail), type: "guard", userId: user.id }),
      {
        Delete: {
          Key: keys.emailGuard(user.email),
          ConditionExpression: "userId = :id",
          ExpressionAttributeValues: { ":id": user.id },
        },
      },
    ]);
    return "moved";
  } catch (error) {
    if (transactionConditionFailed(error, 1)) return "taken";
    if (transactionConditionFailed(error)) return "stale";
    throw error;
  }
}

/**
 * Erases what identifies the person on their user item (address, password, settings, limits, credits)
 * and frees their address's guard, keeping the id and the username, which the bid ledgers and orders
 * name and which nobody may take again. Only over the password hash that was checked.
 */
export async function eraseUser(user: UserRecord, now: number): Promise<boolean> {
  return unlessRefused(() =>
    writeTransaction([
      {
        Update: {
          Key: keys.user(user.id),
          UpdateExpression:
            "SET deletedAt = :at, email = :none, passwordHash = :none, bidBalance = :zero " +
            "REMOVE pendingEmail, emailVerified, notifications, limits, pendingLimits, selfExcludedUntil, " +
            "spendTally, spendSeq, openPurchaseIntentId, lastSeenAt, lastBidAt",
          ConditionExpression: "passwordHash = :hash AND attribute_not_exists(deletedAt)",
          ExpressionAttributeValues: {
            ":at": new Date(now).toISOString(),
            ":none": "",
            ":zero": 0,
            ":hash": user.passwordHash,
          },
        },
      },
      // The authenticator secret and recovery codes: a deleted account signs in no more.
      { Delete: { Key: keys.twoFactor(user.id) } },
      {
        Delete: {
          Key: keys.emailGuard(user.email),
          ConditionExpression: "attribute_not_exists(pk) OR userId = :id",
          ExpressionAttributeValues: { ":id": user.id },
        },
      },
    ]),
  );
}

/** A user's bid tallies (one per auction they bid on) and bid-package purchases, as stored: their data export. */
export async function listUserActivity(
  userId: string,
): Promise<{ bidTallies: Record<string, unknown>[]; purchases: Record<string, unknown>[] }> {
  const [bidTallies, purchases] = await Promise.all([
    listByIndex("gsi3", indexKeys.userBids(userId)),
    listByIndex("gsi3", indexKeys.userPurchases(userId)),
  ]);
  return { bidTallies: bidTallies.map(withoutKeys), purchases: purchases.map(withoutKeys) };
}

/**
 * Blanks the recipient's name and shipping address of an order whose item has left or will never
 * leave (shipped, delivered, or unpaid): the order itself is a record the law keeps.
 */
export async function eraseOrderAddress(orderId: string): Promise<void> {
  await updateUnlessRefused({
    Key: keys.order(orderId),
    UpdateExpression:
      "SET shippingName = :none, shippingAddress = :none, shippingCity = :none, shippingState = :none, shippingZip = :none",
    ConditionExpression: "attribute_exists(pk) AND (paymentStatus <> :paid OR shippingStatus <> :pending)",
    ExpressionAttributeValues: { ":none": "", ":paid": "paid", ":pending": "pending" },
  });
}
