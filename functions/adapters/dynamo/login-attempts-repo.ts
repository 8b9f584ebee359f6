/**
 * Attempt counters (`LOGINRATE#<scope>#<value>` / `WINDOW#<n>`), reserved BEFORE the work they limit:
 * one transaction adds 1 to each counter on the condition that it is below its limit, so concurrent
 * attempts can never pass the limit between a check and a write. A login that succeeds releases its
 * reservation (only failures count).
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { AttemptCounter } from "../../domain/login-throttle.ts";
import { db, tableName } from "./client.ts";
import { cancellationCodes, transactionConditionFailed } from "./conditions.ts";
import { keys } from "./keys.ts";

/** True when every counter was below its limit and now holds one more attempt; false changes nothing. */
export async function reserveAttempts(
  counters: readonly AttemptCounter[],
  window: number,
  expiresAt: number,
): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: counters.map((counter) => ({
          Update: {
            TableName: tableName(),
            Key: keys.loginAttempts(counter.scope, counter.value, window),
            UpdateExpression: "ADD #count :one SET expiresAt = :exp",
            ConditionExpression: "attribute_not_exists(#count) OR #count < :limit",
            ExpressionAttributeNames: { "#count": "count" },
            ExpressionAttributeValues: { ":one": 1, ":exp": expiresAt, ":limit": counter.limit },
          },
        })),
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives a reservation back (a login that succeeded). */
export async function releaseAttempts(counters: readonly AttemptCounter[], window: number): Promise<void> {
  await db
    .send(
      new TransactWriteCommand({
        TransactItems: counters.map((counter) => ({
          Update: {
            TableName: tableName(),
            Key: keys.loginAttempts(counter.scope, counter.value, window),
            UpdateExpression: "ADD #count :minus",
            ConditionExpression: "#count > :zero",
            ExpressionAttributeNames: { "#count": "count" },
            ExpressionAttributeValues: { ":minus": -1, ":zero": 0 },
          },
        })),
      }),
    )
    .catch((error) => {
      // A window that rolled over meanwhile has nothing to give back.
      if (!cancellationCodes(error)) throw error;
    });
}
