/**
 * Passkeys: each credential under its own key (`PASSKEY#<credentialId>` / `CREDENTIAL`, what a sign-in
 * finds without knowing the user), a pointer per credential under its user (`USER#<id>` /
 * `PASSKEY#<credentialId>`, the user's list) with their count (`USER#<id>` / `PASSKEYCOUNT`, moved in
 * the same transaction as every add and removal, so the cap holds under a race), and the single-use challenges handed out with each
 * request (`ACCOUNTTOKEN#<hash>` / `PASSKEYCHALLENGE`, TTL at expiry); docs/architecture.md section 5.
 */
import * as z from "#shared/schemas/zod";
import { deleteItem, getItem } from "./commands.ts";
import { transactionConditionFailed, unlessRefused, updateUnlessRefused } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { keyTail, parseStoredItem, type SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";
import { consumeOneTimeItem, putOneTimeItem } from "./one-time-items.ts";
import { createItemOp, writeTransaction } from "./transact.ts";

export interface PasskeyRecord {
  /** The credential id, base64url: its key, and its id on the owner's list. */
  credentialId: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use (0 for those that keep none). */
  counter: number;
  transports?: string[];
  name: string;
  /** ms epoch */
  createdAt: number;
  lastUsedAt?: number;
}

const PASSKEY_SCHEMA = z.object({
  credentialId: z.string(),
  userId: z.string(),
  publicKey: z.string(),
  counter: z.number(),
  transports: z.optional(z.array(z.string())),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.optional(z.number()),
}) satisfies z.ZodMiniType<PasskeyRecord>;
const _pASSKEY_SCHEMAKeys: SameKeys<z.infer<typeof PASSKEY_SCHEMA>, PasskeyRecord> = true;

export type ChallengePurpose = "register" | "authenticate";

export interface PasskeyChallengeRecord {
  challenge: string;
  /** The account a registration is for (absent for a sign-in: who signs in is what the passkey says). */
  userId?: string;
}

const countBy = (userId: string, delta: 1 | -1) => ({
  Key: keys.userPasskeyCount(userId),
  UpdateExpression: "ADD #count :delta SET #type = :type",
  ExpressionAttributeNames: { "#count": "count", "#type": "type" },
  ExpressionAttributeValues: { ":delta": delta, ":type": "passkeyCount" },
});

/**
 * Stores a new passkey, its place on the owner's list and one more on their count, provided they hold
 * fewer than `max`: "duplicate" when that credential is already stored, "full" at the cap.
 */
export async function putPasskey(
  record: PasskeyRecord,
  max: number,
): Promise<"added" | "duplicate" | "full"> {
  const count = countBy(record.userId, 1);
  try {
    await writeTransaction([
      createItemOp({ ...keys.passkey(record.credentialId), type: "passkey", ...record }),
      { Put: { Item: { ...keys.userPasskey(record.userId, record.credentialId), type: "userPasskey" } } },
      {
        Update: {
          ...count,
          ConditionExpression: "attribute_not_exists(#count) OR #count < :max",
          ExpressionAttributeValues: { ...count.ExpressionAttributeValues, ":max": max },
        },
      },
    ]);
    return "added";
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return "duplicate";
    if (transactionConditionFailed(error, 2)) return "full";
    throw error;
  }
}

export async function getPasskey(credentialId: string): Promise<PasskeyRecord | null> {
  const { Item } = await getItem({ Key: keys.passkey(credentialId) });
  return Item ? parseStoredItem("passkey", PASSKEY_SCHEMA, Item) : null;
}

async function userPasskeyIds(userId: string): Promise<string[]> {
  const prefix = keys.userPasskeyPrefix();
  const items = await queryAll({
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
    ExpressionAttributeValues: { ":pk": keys.user(userId).pk, ":prefix": prefix },
  });
  return items.map((item) => keyTail("userPasskey", item, "sk", prefix));
}

/** A user's passkeys (a handful at most: domain/passkeys.ts MAX_PASSKEYS). */
export async function listUserPasskeys(userId: string): Promise<PasskeyRecord[]> {
  const found = await Promise.all((await userPasskeyIds(userId)).map(getPasskey));
  return found.filter((p): p is PasskeyRecord => p !== null && p.userId === userId);
}

/** Removes a passkey, only if it is the user's; false when it is not (or is gone). */
export async function deletePasskey(userId: string, credentialId: string): Promise<boolean> {
  return unlessRefused(() =>
    writeTransaction([
      {
        Delete: {
          Key: keys.passkey(credentialId),
          ConditionExpression: "userId = :user",
          ExpressionAttributeValues: { ":user": userId },
        },
      },
      {
        Delete: {
          Key: keys.userPasskey(userId, credentialId),
          ConditionExpression: "attribute_exists(pk)",
        },
      },
      { Update: countBy(userId, -1) },
    ]),
  );
}

/** Every passkey of a user (the account's deletion, a password reset): the names of those it removed. */
export async function deleteAllPasskeys(userId: string): Promise<string[]> {
  const removed: string[] = [];
  for (const passkey of await listUserPasskeys(userId)) {
    if (await deletePasskey(userId, passkey.credentialId)) removed.push(passkey.name);
  }
  // Pointers whose passkey is gone (none in normal use) go too, so the list ends empty.
  for (const id of await userPasskeyIds(userId)) await deleteItem({ Key: keys.userPasskey(userId, id) });
  return removed;
}

/**
 * A sign-in used the passkey: its new counter and when. Conditional on the counter read, so two
 * sign-ins racing with one signature count cannot both pass.
 */
export async function recordPasskeyUse(
  record: PasskeyRecord,
  input: { counter: number; now: number },
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.passkey(record.credentialId),
    UpdateExpression: "SET #counter = :counter, lastUsedAt = :now",
    ConditionExpression: "userId = :user AND #counter = :read",
    ExpressionAttributeNames: { "#counter": "counter" },
    ExpressionAttributeValues: {
      ":counter": input.counter,
      ":now": input.now,
      ":user": record.userId,
      ":read": record.counter,
    },
  });
}

export async function putPasskeyChallenge(
  idHash: string,
  input: PasskeyChallengeRecord & { purpose: ChallengePurpose; expiresAtMs: number },
): Promise<void> {
  await putOneTimeItem(keys.passkeyChallenge(idHash), "passkeyChallenge", {
    purpose: input.purpose,
    challenge: input.challenge,
    ...(input.userId ? { userId: input.userId } : {}),
    expiresAtMs: input.expiresAtMs,
  });
}

/**
 * Uses a challenge up, in one conditional delete, and answers it: a second use, another purpose or an
 * expired one is null. Used up whether or not the answer to it then checks out.
 */
export async function consumePasskeyChallenge(
  idHash: string,
  purpose: ChallengePurpose,
  now: number,
): Promise<PasskeyChallengeRecord | null> {
  return consumeOneTimeItem(keys.passkeyChallenge(idHash), { purpose, now }, (item) =>
    typeof item.challenge === "string"
      ? { challenge: item.challenge, ...(typeof item.userId === "string" ? { userId: item.userId } : {}) }
      : null,
  );
}
