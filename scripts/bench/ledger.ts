/**
 * npm run bench:ledger — what a page of a long auction's bid ledger costs, and a full verification.
 *
 * Starts an in-memory DynamoDB Local (stopped at the end), writes one auction of BENCH_LEDGER_BIDS bids
 * (default 30,000) straight to the table with BatchWriteItem, each chained with the product's own hash
 * as a bid would chain it, then runs the real handler in-process: the first, a middle and the last
 * page at the default limit (1,000) and at the largest (5,000), BENCH_ROUNDS times each (default 20),
 * with an SDK middleware counting the DynamoDB calls and the items they read, and the answer's bytes;
 * then `walkLedger` (what `npm run verify:ledger` and the web's ledger page run) over every page, timed.
 * Exits 1 if any page is 1 MB or more. Latencies are local, for comparison only.
 */
import { BatchWriteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { walkLedger } from "#shared/ledger-pages";
import { sha256 } from "../ledger/verify-pages.ts";
import {
  benchUser,
  countDynamoCalls,
  describeTally,
  measure,
  measureRow,
  startBenchTable,
} from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BIDS = Number(process.env.BENCH_LEDGER_BIDS ?? 30_000);
const BIDDERS = 50;
const ONE_MB = 1024 * 1024;

const dynamoLocal = await startBenchTable("bench-ledger");
await countDynamoCalls();
const { invokeRoute } = await import("../local/invoke-route.ts");
const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
const { keys } = await import("../../functions/adapters/dynamo/keys.ts");
const { startAuction } = await import("../../functions/usecases/auctions/start-auction.ts");
const { ledgerGenesis } = await import("../../functions/usecases/bidding/bid-ledger.ts");
const { chainHash, genesisHash } = await import("../../functions/domain/bid-ledger.ts");
const { readFinalized } = await import("../../functions/usecases/auctions/finalize-auction.ts");

const seller = await benchUser({ username: "benchledgerseller", role: "seller" });
const startedAt = Date.now() - BIDS * 1000 - 60_000;
const auction = await startAuction({
  product: {
    id: crypto.randomUUID(),
    sellerId: seller.sellerId!,
    name: "Bench Gold Buffalo 1 oz",
    description: "A one ounce .9999 fine gold coin: the kind of item a penny auction runs to $300.",
    metalType: "gold",
    weight: "1 oz",
    purity: ".9999",
    imageUrl: "/images/products/gold-coins.svg",
    startingPriceCents: 100,
  },
  seller: { id: seller.sellerId!, userId: seller.id, businessName: "Bench Metals" },
  durationSeconds: BIDS + 3600,
  now: startedAt,
});

// The bids as a bid writes them (functions/adapters/dynamo/bids-repo.ts).
const writeStarted = performance.now();
let head = genesisHash(ledgerGenesis(auction));
let batch: Record<string, unknown>[] = [];
let lastBidder = "";
for (let n = 1; n <= BIDS; n++) {
  // 20 characters, the longest a username may be: the largest entries a page can hold.
  const username = `ledgerbenchbidder${String(n % BIDDERS).padStart(3, "0")}`;
  const bid = {
    auctionId: auction.id,
    sequence: n,
    userId: `user-${username}`,
    username,
    amountCents: auction.startingPriceCents + n,
    createdAt: new Date(startedAt + n * 1000).toISOString(),
    auto: n % 5 === 0,
  };
  head = chainHash(head, {
    n,
    username,
    amountCents: bid.amountCents,
    atMs: Date.parse(bid.createdAt),
    auto: bid.auto,
  });
  lastBidder = username;
  batch.push({ ...keys.bid(auction.id, n), type: "bid", ...bid, hash: head });
  if (batch.length === 25 || n === BIDS) {
    let pending: Record<string, unknown>[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
    while (pending?.length) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = out.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
    }
    batch = [];
  }
}
await db.send(
  new UpdateCommand({
    TableName: tableName(),
    Key: keys.auction(auction.id),
    UpdateExpression: "SET totalBids = :n, priceCents = :price, ledgerHead = :head, lastBidderUsername = :u",
    ExpressionAttributeValues: {
      ":n": BIDS,
      ":price": auction.startingPriceCents + BIDS,
      ":head": head,
      ":u": lastBidder,
    },
  }),
);
console.log(
  `${BIDS} bids written straight to the table in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s; head ${head}`,
);

/** DynamoDB's size of a flat item (names + values; numbers ~1 byte per 2 digits + 1): what RRU count. */
function itemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((sum, [name, value]) => {
    const size =
      typeof value === "number"
        ? Math.ceil(String(Math.abs(value)).replace(/[.-]/g, "").length / 2) + 1
        : typeof value === "string"
          ? Buffer.byteLength(value)
          : 1;
    return sum + Buffer.byteLength(name) + size;
  }, 0);
}
const { Item: lastBid = {} } = await db.send(
  new GetCommand({ TableName: tableName(), Key: keys.bid(auction.id, BIDS) }),
);
const bidBytes = itemBytes(lastBid);
// A Query is charged on the total size it read, rounded up to 4 KB; eventually consistent: half a unit.
const pageRru = (entries: number) => Math.ceil((entries * bidBytes) / 4096) / 2;
console.log(
  `bid item ${bidBytes} B; a page's Query of 1,000 bids ~${pageRru(1000)} RRU, of 5,000 ~${pageRru(5000)} RRU (eventually consistent; twice that when read consistently)`,
);

const path = (query: string) => `/api/auctions/${auction.id}/ledger${query}`;
async function get(query: string) {
  const res = await invokeRoute<{ entries: unknown[]; nextFrom: number | null }>({
    method: "GET",
    path: path(query),
  });
  if (res.status !== 200) throw new Error(`GET ${path(query)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

const oversized: string[] = [];
console.log("");
console.log("| page | entries | answer bytes | DynamoDB calls (items read) | local p50 / p95 ms |");
console.log("|---|---|---|---|---|");
for (const limit of [1000, 5000]) {
  const middle = Math.floor(BIDS / limit / 2) * limit + 1;
  const last = Math.floor((BIDS - 1) / limit) * limit + 1;
  const pages: [string, string][] = [
    [`first (\`?limit=${limit}\`)`, `?limit=${limit}`],
    [`middle (\`?from=${middle}&limit=${limit}\`)`, `?from=${middle}&limit=${limit}`],
    [`last (\`?from=${last}&limit=${limit}\`)`, `?from=${last}&limit=${limit}`],
  ];
  for (const [label, query] of pages) {
    const res = await get(query);
    // The handler's body is exactly this JSON.stringify of the answer.
    const bytes = Buffer.byteLength(JSON.stringify(res.body));
    if (bytes >= ONE_MB) oversized.push(`${query}: ${bytes} B`);
    const row = await measureRow(
      ROUNDS,
      async () => undefined,
      () => get(query),
      "written",
      true,
    );
    console.log(
      `| ${label} | ${res.body.entries.length} | ${bytes.toLocaleString("en-US")} | ${row.calls} | ${row.p50.toFixed(1)} / ${row.p95.toFixed(1)} |`,
    );
  }
}

console.log("");
console.log(
  "| full verification (walkLedger over every page, in-process handler) | pages | answer bytes in all | DynamoDB calls (items read) | time |",
);
console.log("|---|---|---|---|---|");
for (const limit of [1000, 5000]) {
  let pages = 0;
  let bytes = 0;
  const run = await measure(() =>
    walkLedger({
      fetchPage: async (from) => {
        pages += 1;
        const { body } = await get(`?from=${from}&limit=${limit}`);
        bytes += Buffer.byteLength(JSON.stringify(body));
        return body;
      },
      sha256,
    }),
  );
  if (!run.result.ok || run.result.head !== head)
    throw new Error(`verification failed: ${JSON.stringify(run.result)}`);
  console.log(
    `| ${run.result.entries} entries, \`limit=${limit}\` | ${pages} | ${bytes.toLocaleString("en-US")} | ${describeTally(run.tally, "written", true)} | ${(run.ms / 1000).toFixed(2)} s |`,
  );
}

// Once the auction is over its pages never change: the answer says so to every cache.
const live = (await get("?limit=1")).headers["cache-control"];
await db.send(
  new UpdateCommand({
    TableName: tableName(),
    Key: keys.auction(auction.id),
    UpdateExpression: "SET endsAt = :past",
    ExpressionAttributeValues: { ":past": Date.now() - 1000 },
  }),
);
await readFinalized(auction.id, Date.now());
const ended = (await get("?limit=1")).headers["cache-control"];
console.log("");
console.log(`Cache-Control: live auction "${live}"; ended "${ended}"`);

await dynamoLocal.stop();
if (oversized.length) {
  console.error(`Pages of 1 MB or more: ${oversized.join(", ")}`);
  process.exit(1);
}
process.exit(0);
