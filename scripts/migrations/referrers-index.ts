/**
 * npm run migrate:referrers [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * An invitation code's REFERRER item joins the admin's referrals index (gsi1 `REFERRERS`, sorted by
 * the code's creation time), as every code made since does. An item already in it is left as it is; a
 * write applies only while the item is still outside it. Without --table it targets the local stack's table.
 */
import { migrate, runFromCommandLine } from "./migration.ts";

/** Puts every referrer item outside the index into it; `dryRun` only lists them. Answers how many. */
export async function migrateReferrersIndex(dryRun: boolean): Promise<number> {
  const { indexKeys, timeSortKey } = await import("../../functions/adapters/dynamo/keys.ts");
  return migrate({
    dryRun,
    scan: {
      FilterExpression: "#type = :referrer AND attribute_not_exists(gsi1pk)",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":referrer": "referrer" },
    },
    change(item) {
      if (typeof item.userId !== "string" || typeof item.createdAt !== "string") return undefined;
      return {
        note: `into ${indexKeys.referrers()}`,
        update: {
          UpdateExpression: "SET gsi1pk = :pk, gsi1sk = :sk",
          ConditionExpression: "attribute_not_exists(gsi1pk)",
          ExpressionAttributeValues: {
            ":pk": indexKeys.referrers(),
            ":sk": timeSortKey(item.createdAt, item.userId),
          },
        },
      };
    },
    count: { noun: "invitation code", toDo: "to index", done: "indexed" },
  });
}

await runFromCommandLine(import.meta.url, migrateReferrersIndex);
