/**
 * npm run migrate:order-metal [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * An order's copy of its product gains the product's weight and purity (what the order's fine
 * content and melt value are derived from), taken from the copy its auction holds. An order whose
 * copy already has them, or whose auction's copy has neither, is left as it is; a write applies only
 * while the order's copy still lacks them. Without --table it targets the local stack's table.
 */
import { parseArgs } from "node:util";
import { pointAtTable } from "../table-target.ts";

/** Copies weight and purity into every order's product that lacks them; `dryRun` only lists them. Answers how many. */
export async function migrateOrderProductMetal(dryRun: boolean): Promise<number> {
  const { GetCommand, ScanCommand, UpdateCommand } = await import("@aws-sdk/lib-dynamodb");
  const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
  const { keys } = await import("../../functions/adapters/dynamo/keys.ts");
  let changed = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: cursor,
        FilterExpression:
          "#type = :order AND attribute_not_exists(product.weight) AND attribute_not_exists(product.purity)",
        ExpressionAttributeNames: { "#type": "type" },
        ExpressionAttributeValues: { ":order": "order" },
      }),
    );
    for (const order of page.Items ?? []) {
      if (typeof order.auctionId !== "string") continue;
      const { Item: auction } = await db.send(
        new GetCommand({ TableName: tableName(), Key: keys.auction(order.auctionId) }),
      );
      const product = (auction?.product ?? {}) as { weight?: unknown; purity?: unknown };
      const fields = Object.entries({ weight: product.weight, purity: product.purity }).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
      );
      if (fields.length === 0) continue;
      changed += 1;
      console.log(`${order.pk}: ${fields.map(([k, v]) => `${k} "${v}"`).join(", ")}`);
      if (dryRun) continue;
      await db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: order.pk, sk: order.sk },
            UpdateExpression: `SET ${fields.map(([k]) => `product.#${k} = :${k}`).join(", ")}`,
            ConditionExpression:
              "attribute_not_exists(product.weight) AND attribute_not_exists(product.purity)",
            ExpressionAttributeNames: Object.fromEntries(fields.map(([k]) => [`#${k}`, k])),
            ExpressionAttributeValues: Object.fromEntries(fields.map(([k, v]) => [`:${k}`, v])),
          }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== "ConditionalCheckFailedException") throw error;
          console.log(`${order.pk}: changed meanwhile, left as it is`);
        });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  console.log(`${changed} order${changed === 1 ? "" : "s"} ${dryRun ? "to complete" : "completed"}.`);
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
  await migrateOrderProductMetal(Boolean(values["dry-run"]));
}
