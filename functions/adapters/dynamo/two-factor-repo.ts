/**
 * A user's two-factor item (`USER#<id>` / `TWOFACTOR`) and the sign-ins waiting for their code
 * (`ACCOUNTTOKEN#<hash>` / `PENDINGLOGIN`, TTL at expiry); docs/architecture.md section 5, "Two-factor".
 */
import type { UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import * as z from "#shared/schemas/zod";
import { deleteItem, getItem, type OnTable } from "./commands.ts";
import { deleteUnlessRefused, updateUnlessRefused } from "./conditions.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";
import { putOneTimeItem } from "./one-time-items.ts";

export interface TwoFactorRecord {
  /** The confirmed authenticator secret (base32); never sent back once confirmed. */
  secret?: string;
  /** A secret shown by a setup and not yet confirmed with a code. */
  pendingSecret?: string;
  /** Epoch ms it was turned on; absent while only a setup waits. */
  enabledAt?: number;
  /** SHA-256 of each unused recovery code (domain/two-factor.ts hashRecoveryCode). */
  recoveryCodes?: string[];
  /** The last code step accepted: a code of it or earlier is refused (no replay). */
  lastStep?: number;
}

const TWO_FACTOR_SCHEMA = z.object({
  secret: z.optional(z.string()),
  pendingSecret: z.optional(z.string()),
  enabledAt: z.optional(z.number()),
  recoveryCodes: z.optional(z.array(z.string())),
  lastStep: z.optional(z.number()),
}) satisfies z.ZodMiniType<TwoFactorRecord>;
const _tWO_FACTOR_SCHEMAKeys: SameKeys<z.infer<typeof TWO_FACTOR_SCHEMA>, TwoFactorRecord> = true;

/** Every change to the two-factor item is conditional: true when written, false when its condition refused it. */
function updateTwoFactor(userId: string, update: Omit<OnTable<UpdateCommandInput>, "Key">): Promise<boolean> {
  return updateUnlessRefused({ Key: keys.twoFactor(userId), ...update });
}

export async function getTwoFactor(userId: string): Promise<TwoFactorRecord | null> {
  const { Item } = await getItem({ Key: keys.twoFactor(userId) });
  return Item ? parseStoredItem("twoFactor", TWO_FACTOR_SCHEMA, Item) : null;
}

/** Keeps a new setup's secret until it is confirmed; refused once two-factor is on. */
export async function putPendingSecret(userId: string, secret: string): Promise<boolean> {
  return updateTwoFactor(userId, {
    UpdateExpression: "SET #type = :type, pendingSecret = :secret",
    ConditionExpression: "attribute_not_exists(enabledAt)",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: { ":type": "twoFactor", ":secret": secret },
  });
}

/** Turns the pending secret on with its recovery codes, only if it is still the one the code proved. */
export async function enableTwoFactor(
  userId: string,
  input: { secret: string; step: number; recoveryCodes: string[]; now: number },
): Promise<boolean> {
  return updateTwoFactor(userId, {
    UpdateExpression:
      "SET secret = :secret, enabledAt = :now, recoveryCodes = :codes, lastStep = :step REMOVE pendingSecret",
    ConditionExpression: "pendingSecret = :secret AND attribute_not_exists(enabledAt)",
    ExpressionAttributeValues: {
      ":secret": input.secret,
      ":now": input.now,
      ":codes": input.recoveryCodes,
      ":step": input.step,
    },
  });
}

/** Records an accepted code's step; false when that step (or a later one) was already used. */
export async function claimCodeStep(userId: string, step: number): Promise<boolean> {
  return updateTwoFactor(userId, {
    UpdateExpression: "SET lastStep = :step",
    ConditionExpression:
      "attribute_exists(enabledAt) AND (attribute_not_exists(lastStep) OR lastStep < :step)",
    ExpressionAttributeValues: { ":step": step },
  });
}

/** Uses up the recovery code at `index`, only if it is still there: two requests cannot both spend it. */
export async function spendRecoveryCode(userId: string, index: number, codeHash: string): Promise<boolean> {
  return updateTwoFactor(userId, {
    UpdateExpression: `REMOVE recoveryCodes[${index}]`,
    ConditionExpression: `attribute_exists(enabledAt) AND recoveryCodes[${index}] = :hash`,
    ExpressionAttributeValues: { ":hash": codeHash },
  });
}

export async function deleteTwoFactor(userId: string): Promise<void> {
  await deleteItem({ Key: keys.twoFactor(userId) });
}

/**
 * A sign-in between its password and its second factor: whose, the stamp of the password hash it
 * passed (a password reset since makes it dead), and where and in which window its password step
 * was counted (given back once the code is right).
 */
export interface PendingLogin {
  userId: string;
  passwordStamp: string;
  ip: string;
  window: number;
}

const PENDING_LOGIN_SCHEMA = z.object({
  userId: z.string(),
  passwordStamp: z.string(),
  ip: z.string(),
  window: z.number(),
  expiresAtMs: z.number(),
}) satisfies z.ZodMiniType<PendingLogin & { expiresAtMs: number }>;
const _pENDING_LOGIN_SCHEMAKeys: SameKeys<
  z.infer<typeof PENDING_LOGIN_SCHEMA>,
  PendingLogin & { expiresAtMs: number }
> = true;

export async function putPendingLogin(
  tokenHash: string,
  input: PendingLogin & { expiresAtMs: number },
): Promise<void> {
  await putOneTimeItem(keys.pendingLogin(tokenHash), "pendingLogin", input);
}

/** A pending sign-in, while it is unexpired at `now`. */
export async function getPendingLogin(tokenHash: string, now: number): Promise<PendingLogin | null> {
  const { Item } = await getItem({ Key: keys.pendingLogin(tokenHash) });
  if (!Item) return null;
  const { expiresAtMs, ...pending } = parseStoredItem("pendingLogin", PENDING_LOGIN_SCHEMA, Item);
  return expiresAtMs > now ? pending : null;
}

/** Uses a pending sign-in up, in one conditional delete: two right codes cannot make two sessions. */
export async function consumePendingLogin(tokenHash: string, now: number): Promise<boolean> {
  return deleteUnlessRefused({
    Key: keys.pendingLogin(tokenHash),
    ConditionExpression: "expiresAtMs > :now",
    ExpressionAttributeValues: { ":now": now },
  });
}
