import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { UserRole } from "#shared/constants";
import { hashSessionToken, newSessionToken, sessionExpiry, sessionOutlived } from "../../domain/sessions.ts";
import { db, tableName } from "./client.ts";
import { type ItemShape, parseItem } from "./item-shape.ts";
import { keys } from "./keys.ts";

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  role: UserRole;
  username: string;
  lastSeenAt: number;
  expiresAt: number;
  /** ms epoch of sign-in; absent on sessions made before the absolute lifetime (set at their next touch). */
  createdAt?: number;
}

const SESSION_SHAPE: ItemShape<SessionRecord> = {
  tokenHash: "string",
  userId: "string",
  role: "string",
  username: "string",
  lastSeenAt: "number",
  expiresAt: "number",
  createdAt: "number?",
};

export async function createSession(
  user: { id: string; role: UserRole; username: string },
  now: number,
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
  if (!Item || (Item.expiresAt as number) * 1000 <= now) return null;
  const session = parseItem("session", SESSION_SHAPE, Item);
  return sessionOutlived(session.createdAt, now) ? null : session;
}

/** Slides the expiry and records the visit on both the session and the user. */
export async function touchSession(session: SessionRecord, now: number): Promise<void> {
  const expiresAt = sessionExpiry(now, session.createdAt ?? now);
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.session(session.tokenHash),
            UpdateExpression:
              "SET lastSeenAt = :now, expiresAt = :exp, createdAt = if_not_exists(createdAt, :now)",
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

export async function deleteSession(token: string): Promise<void> {
  const tokenHash = hashSessionToken(token);
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.session(tokenHash), ReturnValues: "ALL_OLD" }),
  );
  if (Attributes?.userId) {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.userSession(Attributes.userId as string, tokenHash),
      }),
    );
  }
}

/** Ends every session of a user (password reset, deletion), or every one but `keepToken`'s (a password change). */
export async function deleteAllSessions(userId: string, keepToken?: string): Promise<number> {
  const kept = keepToken === undefined ? undefined : hashSessionToken(keepToken);
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
        ExpressionAttributeValues: { ":pk": keys.user(userId).pk, ":prefix": keys.userSessionPrefix() },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const tokenHash = keys.tokenHashOfUserSession(item.sk as string);
      if (tokenHash === kept) continue;
      await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
      await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
      count++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}
