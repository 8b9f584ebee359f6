import { BatchGetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";
import { keys } from "./keys.ts";

export interface LoginAttemptScope {
  account: string;
  ip: string;
  /** Window number (e.g. floor(now / windowMs)). */
  window: number;
}

/** Failed logins in the current window, per account and per IP: one BatchGet. */
export async function countFailedLogins(scope: LoginAttemptScope): Promise<{ account: number; ip: number }> {
  const accountKey = keys.loginAttempts("account", scope.account, scope.window);
  const ipKey = keys.loginAttempts("ip", scope.ip, scope.window);
  const out = await db.send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [accountKey, ipKey] } } }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const count = (pk: string) => (items.find((i) => i.pk === pk)?.count as number | undefined) ?? 0;
  return { account: count(accountKey.pk), ip: count(ipKey.pk) };
}

export async function recordFailedLogin(scope: LoginAttemptScope, expiresAt: number): Promise<void> {
  await Promise.all(
    [
      keys.loginAttempts("account", scope.account, scope.window),
      keys.loginAttempts("ip", scope.ip, scope.window),
    ].map((key) =>
      db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: "ADD #count :one SET expiresAt = :exp",
          ExpressionAttributeNames: { "#count": "count" },
          ExpressionAttributeValues: { ":one": 1, ":exp": expiresAt },
        }),
      ),
    ),
  );
}
