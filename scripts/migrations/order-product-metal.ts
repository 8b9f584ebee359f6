/**
 * npm run migrate:order-metal [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * An order's copy of its product gains the product's weight and purity (what the order's fine
 * content and melt value are derived from), taken from the copy its auction holds. An order whose
 * copy already has them, or whose auction's copy has neither, is left as it is; a write applies only
 * while the order's copy still lacks them. Without --table it targets the local stack's table.
 */
import { migrate, runFromCommandLine } from "./migration.ts";

/** Copies weight and purity into every order's product that lacks them; `dryRun` only lists them. Answers how many. */
export async function migrateOrderProductMetal(dryRun: boolean): Promise<number> {
  const { GetCommand } = await import("@aws-sdk/lib-dynamodb");
  const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
  const { keys } = await import("../../functions/adapters/dynamo/keys.ts");
  const lacksMetal = "attribute_not_exists(product.weight) AND attribute_not_exists(product.purity)";
  return migrate({
    dryRun,
    scan: {
      FilterExpression: `#type = :order AND ${lacksMetal}`,
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":order": "order" },
    },
    async change(order) {
      if (typeof order.auctionId !== "string") return undefined;
      const { Item: auction } = await db.send(
        new GetCommand({ TableName: tableName(), Key: keys.auction(order.auctionId) }),
      );
      const product = (auction?.product ?? {}) as { weight?: unknown; purity?: unknown };
      const fields = Object.entries({ weight: product.weight, purity: product.purity }).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
      );
      if (fields.length === 0) return undefined;
      return {
        note: fields.map(([k, v]) => `${k} "${v}"`).join(", "),
        update: {
          UpdateExpression: `SET ${fields.map(([k]) => `product.#${k} = :${k}`).join(", ")}`,
          ConditionExpression: lacksMetal,
          ExpressionAttributeNames: Object.fromEntries(fields.map(([k]) => [`#${k}`, k])),
          ExpressionAttributeValues: Object.fromEntries(fields.map(([k, v]) => [`:${k}`, v])),
        },
      };
    },
    count: { noun: "order", toDo: "to complete", done: "completed" },
  });
}

await runFromCommandLine(import.meta.url, migrateOrderProductMetal);
