/**
 * How a conditional write says no, read in one place: a single write refused by its condition, or a
 * transaction cancelled with the reason of each item (in the order the items were sent).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import type { DeleteCommandInput, PutCommandInput, UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { deleteItem, type OnTable, putItem, updateItem } from "./commands.ts";

const CONDITION_FAILED = "ConditionalCheckFailed";

/** A single-item write (Put, Update, Delete) refused by its ConditionExpression. */
export function conditionFailed(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/** The item that refused a single write sent with ReturnValuesOnConditionCheckFailure ALL_OLD (in DynamoDB's attribute format). */
export function refusingItem(error: unknown) {
  return error instanceof ConditionalCheckFailedException ? error.Item : undefined;
}

/** Each item's cancellation code of a cancelled transaction ("None" for an item that was fine), or null for any other error. */
export function cancellationCodes(error: unknown): string[] | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? "None");
}

/**
 * Each item's image as it was, of a cancelled transaction whose items asked for it
 * (ReturnValuesOnConditionCheckFailure ALL_OLD), in DynamoDB's attribute format; undefined for the rest.
 */
export function cancellationItems(error: unknown): (Record<string, unknown> | undefined)[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).map((reason) => reason.Item);
}

/** A transaction cancelled because the condition of item `index` failed (of any item, without an index). */
export function transactionConditionFailed(error: unknown, index?: number): boolean {
  const codes = cancellationCodes(error);
  if (!codes) return false;
  return index === undefined ? codes.includes(CONDITION_FAILED) : codes[index] === CONDITION_FAILED;
}

/** Sends a conditional write: true when it was applied, false when its condition refused it; other errors propagate. */
export async function unlessRefused(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (conditionFailed(error) || transactionConditionFailed(error)) return false;
    throw error;
  }
}

/** One conditional UpdateItem on the table: true when written, false when its condition refused it. */
export function updateUnlessRefused(input: OnTable<UpdateCommandInput>): Promise<boolean> {
  return unlessRefused(() => updateItem(input));
}

/** One conditional PutItem on the table: true when written, false when its condition refused it. */
export function putUnlessRefused(input: OnTable<PutCommandInput>): Promise<boolean> {
  return unlessRefused(() => putItem(input));
}

/** One conditional DeleteItem on the table: true when deleted, false when its condition refused it. */
export function deleteUnlessRefused(input: OnTable<DeleteCommandInput>): Promise<boolean> {
  return unlessRefused(() => deleteItem(input));
}

/** What a single conditional write answered, or null when its condition refused it; other errors propagate. */
export async function nullIfRefused<T>(write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

/** One conditional UpdateItem: the item as written (ALL_NEW), or null when its condition refused it. */
export function updatedUnlessRefused(
  input: OnTable<Omit<UpdateCommandInput, "ReturnValues">>,
): Promise<Record<string, unknown> | null> {
  return nullIfRefused(
    async () => (await updateItem({ ...input, ReturnValues: "ALL_NEW" })).Attributes ?? null,
  );
}

/** One conditional DeleteItem: the item as it was (ALL_OLD), or null when its condition refused it. */
export function deletedUnlessRefused(
  input: OnTable<Omit<DeleteCommandInput, "ReturnValues">>,
): Promise<Record<string, unknown> | null> {
  return nullIfRefused(
    async () => (await deleteItem({ ...input, ReturnValues: "ALL_OLD" })).Attributes ?? null,
  );
}
