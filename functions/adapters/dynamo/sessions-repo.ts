import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ROLES, type UserRole } from "#shared/constants";
import * as z from "#shared/schemas/zod";
import { hashSessionToken, newSessionToken, sessionExpiry, sessionOutlived } from "../../domain/sessions.ts";
import { db, tableName } from "./client.ts";
import { queryAll } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  role: UserRole;
  username: string;
  lastSeenAt: number;
  expiresAt: number;
  /** ms epoch of sign-in: the absolute lifetime counts from it. */
  createdAt: number;
  /** What the owner's sessions page shows: the browser it began in, and its address masked (domain/accounts.ts). */
  device?: string;
  address?: string;
  /** Signed in with a second factor, or turned two-factor on in it: where staff must use one, it may act as staff. */
  secondFactor?: boolean;
}

/** Where a sign-in came from, as the sessions page describes it. */
export interface SessionOrigin {
  device: string;
  address?: string;
}

const SESSION_SCHEMA = z.object({
  tokenHash: z.string(),
  userId: z.string(),
  role: z.enum(ROLES),
  username: z.string(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  createdAt: z.number(),
  device: z.optional(z.string()),
  address: z.optional(z.string()),
  secondFactor: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<SessionRecord>;
const _sESSION_SCHEMAKeys: SameKeys<z.infer<typeof SESSION_SCHEMA>, SessionRecord> = true;

const fromItem = (item: Record<string, unknown>): SessionRecord =>
  parseStoredItem("session", SESSION_SCHEMA, item);

export async function createSession(
  user: { id: string; role: UserRole; username: string },
  now: number,
  origin?: SessionOrigin,
  proof: { secondFactor?: boolean } = {},
): Promise<{ token: string; session: SessionRecord }> {
  const token = newSessionToken();
  const tokenHash = hashSessionToken(token);
  const session: SessionRecord = {
    tokenHash,
    userId: user.id,
    role: user.role,
    username: user.username,
    lastSeenAt: now,
    expiresAt: sessionExpiry(now),
    createdAt: now,
    ...(origin ? { device: origin.device } : {}),
    ...(origin?.address ? { address: origin.address } : {}),
    ...(proof.secondFactor ? { secondFactor: true } : {}),
  };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: { TableName: tableName(), Item: { ...keys.session(tokenHash), type: "session", ...session } },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.userSession(user.id, tokenHash),
              type: "userSession",
              expiresAt: session.expiresAt,
            },
          },
        },
        {
          // Signing in is being seen: the admin's "Last seen" must not wait for the next request.
          Update: {
            TableName: tableName(),
            Key: keys.user(user.id),
            UpdateExpression: "SET lastSeenAt = :iso",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":iso": new Date(now).toISOString() },
          },
        },
      ],
    }),
  );
  return { token, session };
}

export async function getSession(token: string, now: number): Promise<SessionRecord | null> {
  const tokenHash = hashSessionToken(token);
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
  if (!Item) return null;
  const session = fromItem(Item);
  if (session.expiresAt * 1000 <= now) return null;
  return sessionOutlived(session.createdAt, now) ? null : session;
}

/** Slides the expiry and records the visit on both the session and the user. */
export async function touchSession(session: SessionRecord, now: number): Promise<void> {
  const expiresAt = sessionExpiry(now, session.createdAt);
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.session(session.tokenHash),
            UpdateExpression: "SET lastSeenAt = :now, expiresAt = :exp",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":now": now, ":exp": expiresAt },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(session.userId),
            UpdateExpression: "SET lastSeenAt = :iso",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":iso": new Date(now).toISOString() },
          },
        },
      ],
    }),
  );
}

/** The session proved a second factor after it began (two-factor turned on in it). */
export async function markSessionSecondFactor(token: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(hashSessionToken(token)),
      UpdateExpression: "SET secondFactor = :true",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeValues: { ":true": true },
    }),
  );
}

export async function deleteSession(token: string): Promise<void> {
  await deleteSessionByHash(hashSessionToken(token));
}

/** Ends a session known by its stored hash (the owner's sessions page), with its pointer on the user. */
export async function deleteSessionByHash(tokenHash: string): Promise<void> {
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.session(tokenHash), ReturnValues: "ALL_OLD" }),
  );
  const userId: unknown = Attributes?.userId;
  if (typeof userId === "string" && userId) {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.userSession(userId, tokenHash),
      }),
    );
  }
}

async function userSessionHashes(userId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
    ExpressionAttributeValues: { ":pk": keys.user(userId).pk, ":prefix": keys.userSessionPrefix() },
  });
  return items.map((item) => keys.tokenHashOfUserSession(String(item.sk)));
}

/** A user's live sessions (expired ones, which TTL has not removed yet, left out). */
export async function listUserSessions(userId: string, now: number): Promise<SessionRecord[]> {
  const sessions: SessionRecord[] = [];
  for (const tokenHash of await userSessionHashes(userId)) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
    if (!Item) continue;
    const session = fromItem(Item);
    if (session.expiresAt * 1000 > now && !sessionOutlived(session.createdAt, now)) sessions.push(session);
  }
  return sessions;
}

/** Ends every session of a user (password reset, deletion), or every one but `keepToken`'s (a password change). */
export async function deleteAllSessions(userId: string, keepToken?: string): Promise<number> {
  const kept = keepToken === undefined ? undefined : hashSessionToken(keepToken);
  let count = 0;
  for (const tokenHash of await userSessionHashes(userId)) {
    if (tokenHash === kept) continue;
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.userSession(userId, tokenHash) }));
    count++;
  }
  return count;
}
