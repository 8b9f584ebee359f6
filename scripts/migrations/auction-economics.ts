/**
 * npm run migrate:economics [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * Won auctions ended before their economics were kept at the end get them now: their bids at what
 * their bidders paid per credit as the sums stand today, the winner's own bids and their value apart
 * (the win's all-in cost from now on), and the melt value at today's fresh spot price
 * (functions/usecases/auctions/auction-economics.ts). Only what an auction lacks is written, and only
 * while it still lacks it. Without --table it targets the local stack's table.
 */
import { migrate, runFromCommandLine } from "./migration.ts";

/** Works out and keeps the economics of every won auction lacking some; `dryRun` only lists them. Answers how many. */
export async function migrateAuctionEconomics(dryRun: boolean, now = Date.now()): Promise<number> {
  const { toAuction } = await import("../../functions/adapters/dynamo/auctions-repo.ts");
  const { endEconomics } = await import("../../functions/usecases/auctions/auction-economics.ts");
  return migrate({
    dryRun,
    scan: {
      FilterExpression:
        "#type = :auction AND #status = :won AND (attribute_not_exists(bidsValueCents) OR attribute_not_exists(winnerBidsValueCents))",
      ExpressionAttributeNames: { "#type": "type", "#status": "status" },
      ExpressionAttributeValues: { ":auction": "auction", ":won": "won" },
    },
    async change(item) {
      const auction = toAuction(item);
      if (!auction.winnerId) return undefined;
      const economics = await endEconomics(auction, auction.winnerId, now);
      const sets: string[] = [];
      const conditions: string[] = [];
      const values: Record<string, number> = {};
      if (auction.bidsValueCents === undefined) {
        sets.push("bidsValueCents = :value");
        conditions.push("attribute_not_exists(bidsValueCents)");
        values[":value"] = economics.bidsValueCents;
        if (economics.meltValueAtEndCents !== undefined) {
          sets.push("meltValueAtEndCents = :melt");
          values[":melt"] = economics.meltValueAtEndCents;
        }
      }
      if (auction.winnerBidsValueCents === undefined) {
        sets.push("winnerBids = :winnerBids", "winnerBidsValueCents = :winnerValue");
        conditions.push("attribute_not_exists(winnerBidsValueCents)");
        values[":winnerBids"] = economics.winnerBids;
        values[":winnerValue"] = economics.winnerBidsValueCents;
      }
      return {
        note: `bids worth ${economics.bidsValueCents} cents, the winner's ${economics.winnerBids} worth ${economics.winnerBidsValueCents}`,
        update: {
          UpdateExpression: `SET ${sets.join(", ")}`,
          ConditionExpression: conditions.join(" AND "),
          ExpressionAttributeValues: values,
        },
      };
    },
    count: { noun: "auction", toDo: "to complete", done: "completed" },
  });
}

await runFromCommandLine(import.meta.url, migrateAuctionEconomics);
