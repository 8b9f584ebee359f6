import type { ApprovalStatus } from "#shared/constants";
import { updatedUnlessRefused } from "./conditions.ts";

/** An admin's decision on something awaiting approval (a seller application, a product). */
export interface ApprovalChange {
  from: ApprovalStatus;
  to: ApprovalStatus;
  approvedAt?: string;
}

/**
 * Moves the item at `key` from `change.from` to `change.to`, and its by-status list entry to
 * `statusIndexPk`, only if it is still `from`; returns the updated record, or null when someone else
 * changed it first (or it is gone).
 */
export async function moveApprovalStatus<T>(
  key: { pk: string; sk: string },
  statusIndexPk: string,
  change: ApprovalChange,
  toRecord: (item: Record<string, unknown>) => T,
): Promise<T | null> {
  const item = await updatedUnlessRefused({
    Key: key,
    UpdateExpression: change.approvedAt
      ? "SET #status = :to, gsi1pk = :index, approvedAt = :approvedAt"
      : "SET #status = :to, gsi1pk = :index",
    ConditionExpression: "attribute_exists(pk) AND #status = :from",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: {
      ":from": change.from,
      ":to": change.to,
      ":index": statusIndexPk,
      ...(change.approvedAt ? { ":approvedAt": change.approvedAt } : {}),
    },
  });
  return item ? toRecord(item) : null;
}
