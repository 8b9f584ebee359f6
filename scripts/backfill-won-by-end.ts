/**
 * npx tsx scripts/backfill-won-by-end.ts [--table NAME --region R] [--endpoint URL]
 *
 * Once per stage, after the deploy that adds gsi5: gives every auction won before then its entry in
 * the won auctions by end (Recent winners), keyed by its end as a finalize keys it today. Until it
 * runs, those wins are missing from Recent winners (never misplaced: the list holds only what gsi5
 * holds), while the winner's wins and the admin's lists show them as before. It reads the won list
 * (gsi1 `AUCTIONS#won`, by key, never a Scan) and writes only wins without the entry, so it can be
 * run again, or while auctions are finalized. Without --table it targets the local stack's table.
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { table: { type: "string" }, region: { type: "string" }, endpoint: { type: "string" } },
});
process.env.TABLE_NAME = values.table ?? process.env.TABLE_NAME ?? "penny-auction-local";
process.env.AWS_REGION = values.region ?? process.env.AWS_REGION ?? "us-east-1";
if (values.endpoint || !values.table) {
  process.env.AWS_ENDPOINT_URL_DYNAMODB =
    values.endpoint ?? `http://127.0.0.1:${process.env.DYNAMO_PORT ?? 8000}`;
  process.env.AWS_ACCESS_KEY_ID ??= "local";
  process.env.AWS_SECRET_ACCESS_KEY ??= "local";
}

const { indexWonAuctionByEnd, listAuctionsByStatus } = await import(
  "../functions/adapters/dynamo/auctions-repo.ts"
);
const won = await listAuctionsByStatus("won");
let written = 0;
for (const auction of won) if (await indexWonAuctionByEnd(auction)) written += 1;
console.log(`${won.length} won auctions in ${process.env.TABLE_NAME}; ${written} given their gsi5 entry.`);
