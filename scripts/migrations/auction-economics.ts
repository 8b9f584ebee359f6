/**
 * npm run migrate:economics [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * Won auctions ended before their economics were kept at the end get them now: their bids at what
 * their bidders paid per credit as the sums stand today, and the melt value at today's fresh spot
 * price (functions/usecases/auctions/auction-economics.ts). A write applies only while the auction
 * still lacks them. Without --table it targets the local stack's table.
 */
import { parseArgs } from "node:util";
import { pointAtTable } from "../table-target.ts";

/** Works out and keeps the economics of every won auction without them; `dryRun` only lists them. Answers how many. */
export async function migrateAuctionEconomics(dryRun: boolean, now = Date.now()): Promise<number> {
  const { ScanCommand, UpdateCommand } = await import("@aws-sdk/lib-dynamodb");
  const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
  const { toAuction } = await import("../../functions/adapters/dynamo/auctions-repo.ts");
  const { endEconomics } = await import("../../functions/usecases/auctions/auction-economics.ts");
  let changed = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: cursor,
        FilterExpression: "#type = :auction AND #status = :won AND attribute_not_exists(bidsValueCents)",
        ExpressionAttributeNames: { "#type": "type", "#status": "status" },
        ExpressionAttributeValues: { ":auction": "auction", ":won": "won" },
      }),
    );
    for (const item of page.Items ?? []) {
      const auction = toAuction(item);
      const economics = await endEconomics(auction, now);
      changed += 1;
      console.log(`${item.pk}: bids worth ${economics.bidsValueCents} cents`);
      if (dryRun) continue;
      const melt = economics.meltValueAtEndCents;
      await db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET bidsValueCents = :value${melt === undefined ? "" : ", meltValueAtEndCents = :melt"}`,
            ConditionExpression: "attribute_not_exists(bidsValueCents)",
            ExpressionAttributeValues: {
              ":value": economics.bidsValueCents,
              ...(melt === undefined ? {} : { ":melt": melt }),
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
  console.log(`${changed} auction${changed === 1 ? "" : "s"} ${dryRun ? "to complete" : "completed"}.`);
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
  await migrateAuctionEconomics(Boolean(values["dry-run"]));
}
