/**
 * npm run migrate:weights [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * Stored weights become an amount with its unit ("1 oz", "31.1 g"), the shape the fine content is
 * derived from: "1oz" gets its space, a bare number ("1", the admin form's ounces) gets " oz". The
 * products and the copies of them their auctions hold are both rewritten, each only if it still holds
 * what was read (a concurrent edit wins). Without --table it targets the local stack's table.
 */
import { parseArgs } from "node:util";
import { canonicalWeight } from "#shared/weight";
import { pointAtTable } from "../table-target.ts";

/** The weight as an amount with its unit; text that names no unit it knows stays as it is. */
export function weightWithUnit(weight: string): string {
  const text = weight.trim();
  return canonicalWeight(/^\d+(?:\.\d+)?$/.test(text) ? `${text} oz` : text) ?? weight;
}

/** Rewrites every stored weight that lacks its unit; `dryRun` only lists them. Answers how many. */
export async function migrateWeights(dryRun: boolean): Promise<number> {
  const { ScanCommand, UpdateCommand } = await import("@aws-sdk/lib-dynamodb");
  const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
  let changed = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: cursor,
        FilterExpression: "#type IN (:product, :auction)",
        ExpressionAttributeNames: { "#type": "type" },
        ExpressionAttributeValues: { ":product": "product", ":auction": "auction" },
      }),
    );
    for (const item of page.Items ?? []) {
      // A product holds its weight; an auction holds a copy of its product.
      const path = item.type === "product" ? ["weight"] : ["product", "weight"];
      const weight = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], item);
      if (typeof weight !== "string" || weightWithUnit(weight) === weight) continue;
      changed += 1;
      console.log(`${item.pk}: "${weight}" -> "${weightWithUnit(weight)}"`);
      if (dryRun) continue;
      const names = Object.fromEntries(path.map((key, i) => [`#p${i}`, key]));
      const target = path.map((_, i) => `#p${i}`).join(".");
      await db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET ${target} = :new`,
            ConditionExpression: `${target} = :old`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ":new": weightWithUnit(weight), ":old": weight },
          }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== "ConditionalCheckFailedException") throw error;
          console.log(`${item.pk}: changed meanwhile, left as it is`);
        });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  console.log(`${changed} weight${changed === 1 ? "" : "s"} ${dryRun ? "to rewrite" : "rewritten"}.`);
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      table: { type: "string" },
      region: { type: "string" },
      endpoint: { type: "string" },
      "dry-run": { type: "boolean" },
    },
  });
  pointAtTable(values);
  await migrateWeights(Boolean(values["dry-run"]));
}
