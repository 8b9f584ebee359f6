import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { retrying } from "../retry.ts";
import { db } from "./client.ts";
import { cancellationCodes } from "./conditions.ts";

type TransactItems = NonNullable<TransactWriteCommandInput["TransactItems"]>;

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
        await db.send(new TransactWriteCommand({ TransactItems: items }));
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
