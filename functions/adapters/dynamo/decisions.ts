import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { ApprovalStatus } from "#shared/constants";
import { db, tableName } from "./client.ts";
import { conditionFailed } from "./conditions.ts";

/** An admin's decision on something awaiting approval (a seller application, a product). */
export interface ApprovalChange {
  from: ApprovalStatus;
  to: ApprovalStatus;
  approvedAt?: string;
}

/**
 * Moves the item at `key` from `change.from` to `change.to`, and its by-status list entry to
 * `statusIndexPk`, only if it is still `from`; returns the updated item, or null when someone else
 * changed it first (or it is gone).
 */
export async function moveApprovalStatus(
  key: { pk: string; sk: string },
  statusIndexPk: string,
  change: ApprovalChange,
): Promise<Record<string, unknown> | null> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
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
        ReturnValues: "ALL_NEW",
      }),
    );
    return Attributes ?? null;
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}
