import {
  TransactWriteCommand,
  type TransactWriteConditionCheck,
  type TransactWriteDelete,
  type TransactWritePut,
  type TransactWriteUpdate,
} from "@aws-sdk/lib-dynamodb";
import { retrying } from "../retry.ts";
import { db, tableName } from "./client.ts";
import { cancellationCodes } from "./conditions.ts";

/** A part may leave its table name out: every transaction writes the one table. */
type OnTable<Part> = Omit<Part, "TableName"> & { TableName?: string };

/** One item of a transaction, its table name optional (writeTransaction fills it in). */
export interface TransactItem {
  ConditionCheck?: OnTable<TransactWriteConditionCheck>;
  Put?: OnTable<TransactWritePut>;
  Delete?: OnTable<TransactWriteDelete>;
  Update?: OnTable<TransactWriteUpdate>;
}

type TransactItems = readonly TransactItem[];

/** A part on the table, for a transaction item that left its table name out. */
function onTable<Part extends { TableName?: string }>(
  part: Part,
  table: string,
): Part & { TableName: string } {
  return { ...part, TableName: part.TableName ?? table };
}

/**
 * Sends one TransactWriteItems of `items`, in order, on the table. With a `clientRequestToken`, an SDK
 * retry of a transaction DynamoDB already applied (its answer lost) is a no-op instead of a second write.
 */
export function writeTransaction(items: TransactItems, clientRequestToken?: string) {
  const table = tableName();
  return db.send(
    new TransactWriteCommand({
      ...(clientRequestToken ? { ClientRequestToken: clientRequestToken } : {}),
      TransactItems: items.map((item) => ({
        ...(item.ConditionCheck && { ConditionCheck: onTable(item.ConditionCheck, table) }),
        ...(item.Put && { Put: onTable(item.Put, table) }),
        ...(item.Delete && { Delete: onTable(item.Delete, table) }),
        ...(item.Update && { Update: onTable(item.Update, table) }),
      })),
    }),
  );
}

/** The transaction item that creates `item`, refused when an item with its key exists already. */
export function createItemOp(item: Record<string, unknown>): TransactItem {
  return { Put: { Item: item, ConditionExpression: "attribute_not_exists(pk)" } };
}

/** Sends one transaction: true when written, false when DynamoDB cancelled it (for any reason); other errors propagate. */
export async function transactUnlessCancelled(
  items: TransactItems,
  clientRequestToken?: string,
): Promise<boolean> {
  try {
    await writeTransaction(items, clientRequestToken);
    return true;
  } catch (error) {
    if (cancellationCodes(error)) return false;
    throw error;
  }
}

export interface ConflictRetry<Refusal> {
  /** Sends in all, the first included. */
  attempts: number;
  /** Retry n waits `delayStepMs`·n plus up to 40·n ms of jitter, so writers that collided part. */
  delayStepMs: number;
  /** Only a conflict on one of the first `conflictWithin` items is worth another try (default: any item). */
  conflictWithin?: number;
  /** Reads a cancelled transaction's answer (a condition that refused), or undefined when it is none. */
  refused: (error: unknown) => Refusal | undefined | Promise<Refusal | undefined>;
}

/**
 * Sends one transaction; when another transaction was writing one of its items at the same instant
 * (TransactionConflict), sends it again (a fresh command: SDK commands are not meant to be sent twice),
 * so its conditions settle who won. Returns "written", or what `refused` read from the cancellation;
 * any other error, and a conflict on the last attempt, propagate.
 */
export async function transactRetryingConflicts<Refusal>(
  items: TransactItems,
  retry: ConflictRetry<Refusal>,
): Promise<"written" | Refusal> {
  const conflicted = (error: unknown) =>
    cancellationCodes(error)
      ?.slice(0, retry.conflictWithin ?? Infinity)
      .includes("TransactionConflict") ?? false;
  return retrying<"written" | Refusal>(
    {
      attempts: retry.attempts,
      delayMs: (failed) => retry.delayStepMs * failed + Math.random() * 40 * failed,
      retryOn: conflicted,
    },
    async () => {
      try {
        await writeTransaction(items);
        return "written";
      } catch (error) {
        if (!cancellationCodes(error)) throw error;
        const answer = await retry.refused(error);
        if (answer !== undefined) return answer;
        throw error;
      }
    },
  );
}
