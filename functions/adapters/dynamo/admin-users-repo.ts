/**
 * What the admin panel does to user accounts: list them, count them, adjust balances, reset
 * passwords and delete accounts. Builds on users-repo.ts (the user item and its guards).
 */
import { randomUUID } from "node:crypto";
import type { Page, PageRequest } from "#shared/schemas/pages";
import { RETRY, retrying } from "../retry.ts";
import { getItem } from "./commands.ts";
import { transactionConditionFailed, updateUnlessRefused } from "./conditions.ts";
import { batchGetItems, listByIndex } from "./index-lists.ts";
import { listIndexPage, searchIndexPage } from "./index-pages.ts";
import { indexKeys, keys } from "./keys.ts";
import { receiveCreditsItem } from "./paid-credits-repo.ts";
import { readBidBalance } from "./purchases-repo.ts";
import type { SellerRecord } from "./sellers-repo.ts";
import { transactUnlessCancelled, writeTransaction } from "./transact.ts";
import { getUser, toUser, type UserRecord } from "./users-repo.ts";

/** Every user, newest registration first. */
export async function listUsers(): Promise<UserRecord[]> {
  const items = await listByIndex("gsi1", indexKeys.users(), { newestFirst: true });
  return items.map((item) => toUser(item));
}

/** One page of users, newest registration first. */
export async function listUsersPage(page: PageRequest): Promise<Page<UserRecord>> {
  return listIndexPage("gsi1", [indexKeys.users()], page, {
    itemKey: keys.user,
    newestFirst: true,
    toRecord: (item) => toUser(item),
  });
}

/** One page of the users `matches` accepts, newest registration first (index-pages.ts searchIndexPage). */
export async function searchUsersPage(
  page: PageRequest,
  matches: (user: UserRecord) => boolean,
): Promise<Page<UserRecord>> {
  return searchIndexPage("gsi1", [indexKeys.users()], page, {
    itemKey: keys.user,
    newestFirst: true,
    toRecord: (item) => toUser(item),
    matches,
  });
}

/** Several users by id, keyed by id (missing ones are left out). */
export async function getUsers(ids: readonly string[]): Promise<Map<string, UserRecord>> {
  const items = await batchGetItems([...new Set(ids)].map((id) => keys.user(id)));
  return new Map(items.map(toUser).map((user) => [user.id, user]));
}

/** The STATS/USERS counter that registration and deletion keep (never a scan). */
export async function getTotalUsers(): Promise<number> {
  const { Item } = await getItem({ Key: keys.userStats() });
  return Math.max(0, Number(Item?.totalUsers ?? 0));
}

const MAX_ADJUST_ROUNDS = 10;

/**
 * Adds `amount` (signed) to a balance, never going below zero, without a read-modify-write race:
 * either the whole amount fits (one conditional ADD, so concurrent bids and purchases keep their
 * own changes) or the balance is too small and becomes exactly 0 (conditional on still being too
 * small). Returns the new balance, null when the user does not exist, or "busy" when the balance
 * kept changing under it.
 */
export async function adjustBidBalance(userId: string, amount: number): Promise<number | null | "busy"> {
  const need = Math.max(0, -amount);
  return retrying<number | null | "busy">(
    { attempts: MAX_ADJUST_ROUNDS },
    async () => {
      try {
        // An ADD is not idempotent: if DynamoDB applied it but the answer was lost, the SDK's retry
        // would add again. A transaction with a request token makes every retry of this round a no-op
        // after the first success (DynamoDB remembers the token for 10 minutes).
        await writeTransaction(
          [
            {
              Update: {
                Key: keys.user(userId),
                UpdateExpression: "ADD bidBalance :amount",
                ConditionExpression:
                  amount >= 0 ? "attribute_exists(pk)" : "attribute_exists(pk) AND bidBalance >= :need",
                ExpressionAttributeValues:
                  amount >= 0 ? { ":amount": amount } : { ":amount": amount, ":need": need },
              },
            },
            // A grant is received for free: credits and no money, so bids are worth no more for it.
            ...(amount > 0 ? [receiveCreditsItem(userId, amount, 0)] : []),
          ],
          randomUUID(),
        );
        return await currentBalance(userId);
      } catch (error) {
        if (!transactionConditionFailed(error)) throw error;
      }
      // Only a missing user fails an addition.
      if (amount >= 0) return null;
      const emptied = await updateUnlessRefused({
        Key: keys.user(userId),
        UpdateExpression: "SET bidBalance = :zero",
        ConditionExpression: "attribute_exists(pk) AND bidBalance < :need",
        ExpressionAttributeValues: { ":zero": 0, ":need": need },
      });
      if (emptied) return 0;
      if (!(await userExists(userId))) return null;
      // The balance grew between the two attempts (a purchase): the full amount may fit now.
      return RETRY;
    },
    () => "busy",
  );
}

/** The balance right after an adjustment (a transaction cannot return it). */
const currentBalance = async (userId: string) => (await readBidBalance(userId)) ?? 0;

async function userExists(userId: string): Promise<boolean> {
  const { Item } = await getItem({
    Key: keys.user(userId),
    ConsistentRead: true,
    ProjectionExpression: "pk",
  });
  return Boolean(Item);
}

/** Replaces the password hash; false when the user does not exist. Sessions are ended by the caller. */
export async function setPasswordHash(userId: string, passwordHash: string): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.user(userId),
    UpdateExpression: "SET passwordHash = :hash",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":hash": passwordHash },
  });
}

export type DeleteUserOutcome = "deleted" | "gone" | "changed";

/**
 * One transaction: the user item, both uniqueness guards (so the name and email can be used again),
 * the user counter, and the seller profile when it never got approved (an application nobody will
 * answer; an approved seller's profile stays because its auctions and orders still show it).
 * Bids and orders are separate items and stay readable. Sessions are ended by the caller.
 */
export async function deleteUserAccount(
  user: UserRecord,
  seller: SellerRecord | null,
): Promise<DeleteUserOutcome> {
  const guardCondition = {
    ConditionExpression: "attribute_not_exists(pk) OR userId = :userId",
    ExpressionAttributeValues: { ":userId": user.id },
  };
  const removeSeller = seller && seller.userId === user.id && seller.status !== "approved";
  const deleted = await transactUnlessCancelled([
    {
      Delete: {
        Key: keys.user(user.id),
        ConditionExpression: "attribute_exists(pk) AND username = :username AND email = :email",
        ExpressionAttributeValues: { ":username": user.username, ":email": user.email },
      },
    },
    { Delete: { Key: keys.usernameGuard(user.username), ...guardCondition } },
    { Delete: { Key: keys.emailGuard(user.email), ...guardCondition } },
    {
      Update: {
        Key: keys.userStats(),
        UpdateExpression: "ADD totalUsers :minusOne",
        ExpressionAttributeValues: { ":minusOne": -1 },
      },
    },
    ...(removeSeller
      ? [
          {
            Delete: {
              Key: keys.seller(seller.id),
              ConditionExpression: "#status = :status",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":status": seller.status },
            },
          },
        ]
      : []),
  ]);
  if (deleted) return "deleted";
  const stillThere = await getUser(user.id);
  return stillThere ? "changed" : "gone";
}
