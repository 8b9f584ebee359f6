/**
 * Attempt counters (`LOGINRATE#<scope>#<value>` / `WINDOW#<n>`) and the failures of an (account,
 * address) pair (`LOGINRATE#pair#<pair>` / `FAILURES`), reserved BEFORE the work they limit: one
 * transaction adds 1 to each counter on the condition that it is below its limit, and 1 to the pair's
 * failures on the condition that they are still what the caller decided on, so concurrent attempts can
 * never pass a limit or a wait between a check and a write. A login that succeeds releases its
 * reservation and clears the pair (only failures count).
 */
import { DeleteCommand, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { AttemptCounter, PairFailures } from "../../domain/login-throttle.ts";
import { db, tableName } from "./client.ts";
import { cancellationCodes, transactionConditionFailed } from "./conditions.ts";
import { keys } from "./keys.ts";

/** True when every counter was below its limit and now holds one more attempt; false changes nothing. */
export async function reserveAttempts(
  counters: readonly AttemptCounter[],
  window: number,
  expiresAt: number,
): Promise<boolean> {
  return (await reserve(counters, window, expiresAt)) === "reserved";
}

function counterUpdate(counter: AttemptCounter, window: number, expiresAt: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.loginAttempts(counter.scope, counter.value, window),
      UpdateExpression: "ADD #count :one SET expiresAt = :exp",
      ConditionExpression: "attribute_not_exists(#count) OR #count < :limit",
      ExpressionAttributeNames: { "#count": "count" },
      ExpressionAttributeValues: { ":one": 1, ":exp": expiresAt, ":limit": counter.limit },
    },
  };
}

/**
 * How a pair's attempt is counted. `count`: one more failure, provided the pair is still below `free`
 * failures or still at the `seen` ones the caller judged (-1: none). `restart`: the remembered failures
 * are forgotten (too old) and this attempt is the first, provided nobody restarted it meanwhile.
 */
export type PairReservation =
  | { pair: string; kind: "count"; seen: number; free: number; now: number; expiresAt: number }
  | { pair: string; kind: "restart"; seenAt: number; now: number; expiresAt: number };

function pairUpdate(reservation: PairReservation) {
  const base = { TableName: tableName(), Key: keys.loginPair(reservation.pair) };
  if (reservation.kind === "restart") {
    return {
      Update: {
        ...base,
        UpdateExpression: "SET failures = :one, lastAttemptAt = :now, expiresAt = :exp",
        ConditionExpression: "lastAttemptAt = :seenAt",
        ExpressionAttributeValues: {
          ":one": 1,
          ":now": reservation.now,
          ":exp": reservation.expiresAt,
          ":seenAt": reservation.seenAt,
        },
      },
    };
  }
  return {
    Update: {
      ...base,
      UpdateExpression: "ADD failures :one SET lastAttemptAt = :now, expiresAt = :exp",
      ConditionExpression: "attribute_not_exists(failures) OR failures < :free OR failures = :seen",
      ExpressionAttributeValues: {
        ":one": 1,
        ":now": reservation.now,
        ":exp": reservation.expiresAt,
        ":free": reservation.free,
        ":seen": reservation.seen,
      },
    },
  };
}

/**
 * Reserves the counters and, when given, the pair's attempt, all or nothing. "counter": a counter was at
 * its limit; "pair": the pair changed since the caller read it (another attempt came first).
 */
export async function reserve(
  counters: readonly AttemptCounter[],
  window: number,
  expiresAt: number,
  pair?: PairReservation,
): Promise<"reserved" | "counter" | "pair"> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...counters.map((counter) => counterUpdate(counter, window, expiresAt)),
          ...(pair ? [pairUpdate(pair)] : []),
        ],
      }),
    );
    return "reserved";
  } catch (error) {
    if (!transactionConditionFailed(error)) throw error;
    return counters.some((_, i) => transactionConditionFailed(error, i)) ? "counter" : "pair";
  }
}

/** A pair's failures in a row and its last attempt, or null when it has none remembered. */
export async function getPairFailures(pair: string): Promise<PairFailures | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.loginPair(pair), ConsistentRead: true }),
  );
  if (typeof Item?.failures !== "number" || typeof Item.lastAttemptAt !== "number") return null;
  return { failures: Item.failures, lastAttemptAt: Item.lastAttemptAt };
}

/** Forgets a pair's failures (its login succeeded). */
export async function clearPairFailures(pair: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.loginPair(pair) }));
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
