/**
 * npm run migrate:referrers [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * An invitation code's REFERRER item joins the admin's referrals index (gsi1 `REFERRERS`, sorted by
 * the code's creation time), as every code made since does. An item already in it is left as it is; a
 * write applies only while the item is still outside it. Without --table it targets the local stack's table.
 */
import { parseArgs } from "node:util";
import { pointAtTable } from "../table-target.ts";

/** Puts every referrer item outside the index into it; `dryRun` only lists them. Answers how many. */
export async function migrateReferrersIndex(dryRun: boolean): Promise<number> {
  const { ScanCommand, UpdateCommand } = await import("@aws-sdk/lib-dynamodb");
  const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
  const { indexKeys, timeSortKey } = await import("../../functions/adapters/dynamo/keys.ts");
  let changed = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: cursor,
        FilterExpression: "#type = :referrer AND attribute_not_exists(gsi1pk)",
        ExpressionAttributeNames: { "#type": "type" },
        ExpressionAttributeValues: { ":referrer": "referrer" },
      }),
    );
    for (const item of page.Items ?? []) {
      if (typeof item.userId !== "string" || typeof item.createdAt !== "string") continue;
      changed += 1;
      console.log(`${item.pk}: into ${indexKeys.referrers()}`);
      if (dryRun) continue;
      await db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: "SET gsi1pk = :pk, gsi1sk = :sk",
            ConditionExpression: "attribute_not_exists(gsi1pk)",
            ExpressionAttributeValues: {
              ":pk": indexKeys.referrers(),
              ":sk": timeSortKey(item.createdAt, item.userId),
            },
          }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== "ConditionalCheckFailedException") throw error;
          console.log(`${item.pk}: changed meanwhile, left as it is`);
        });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  console.log(`${changed} invitation code${changed === 1 ? "" : "s"} ${dryRun ? "to index" : "indexed"}.`);
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
  await migrateReferrersIndex(Boolean(values["dry-run"]));
}
