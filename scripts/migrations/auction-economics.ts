/**
 * npm run migrate:economics [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * Won auctions ended before their economics were kept at the end get them now: their bids at what
 * their bidders paid per credit as the sums stand today, and the melt value at today's fresh spot
 * price (functions/usecases/auctions/auction-economics.ts). A write applies only while the auction
 * still lacks them. Without --table it targets the local stack's table.
 */
import { migrate, runFromCommandLine } from "./migration.ts";

/** Works out and keeps the economics of every won auction without them; `dryRun` only lists them. Answers how many. */
export async function migrateAuctionEconomics(dryRun: boolean, now = Date.now()): Promise<number> {
  const { toAuction } = await import("../../functions/adapters/dynamo/auctions-repo.ts");
  const { endEconomics } = await import("../../functions/usecases/auctions/auction-economics.ts");
  return migrate({
    dryRun,
    scan: {
      FilterExpression: "#type = :auction AND #status = :won AND attribute_not_exists(bidsValueCents)",
      ExpressionAttributeNames: { "#type": "type", "#status": "status" },
      ExpressionAttributeValues: { ":auction": "auction", ":won": "won" },
    },
    async change(item) {
      const economics = await endEconomics(toAuction(item), now);
      const melt = economics.meltValueAtEndCents;
      return {
        note: `bids worth ${economics.bidsValueCents} cents`,
        update: {
          UpdateExpression: `SET bidsValueCents = :value${melt === undefined ? "" : ", meltValueAtEndCents = :melt"}`,
          ConditionExpression: "attribute_not_exists(bidsValueCents)",
          ExpressionAttributeValues: {
            ":value": economics.bidsValueCents,
            ...(melt === undefined ? {} : { ":melt": melt }),
          },
        },
      };
    },
    count: { noun: "auction", toDo: "to complete", done: "completed" },
  });
}

await runFromCommandLine(import.meta.url, migrateAuctionEconomics);
