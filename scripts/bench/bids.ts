/**
 * npm run bench:bids — N bidders hammering one auction for a fixed time.
 *
 * Runs the real POST /api/auctions/{id}/bid handler in-process (route stack, session, use case,
 * repositories) against an in-memory DynamoDB Local. An SDK middleware counts every DynamoDB call and
 * the items it writes, sets ReturnConsumedCapacity=TOTAL and sums what DynamoDB Local reports. AWS
 * cost comes from the pricing rules (a transactional write is 2 WRU per item per KB); DynamoDB Local's
 * own ConsumedCapacity under-reports transactions and is printed only for comparison.
 *
 *   BENCH_BIDDERS=2,10,40   concurrent bidders per run (one run each)
 *   BENCH_SECONDS=15        length of each run
 *
 * A bidder who leads (409) waits 20 ms before trying again, like a user clicking again; a busy answer
 * (503) is retried at once. Latencies are of accepted bids, end to end through the handler.
 */
import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { percentile, benchUser as signedInUser, startBenchTable } from "./support.ts";

const BIDDERS = (process.env.BENCH_BIDDERS ?? "2,10,40").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const dynamoLocal = await startBenchTable("bench-bids");

const { dynamo, db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
const { keys } = await import("../../functions/adapters/dynamo/keys.ts");
const { listBids } = await import("../../functions/adapters/dynamo/bids-repo.ts");
const { getAuction } = await import("../../functions/adapters/dynamo/auctions-repo.ts");
const { startAuction } = await import("../../functions/usecases/start-auction.ts");
const { invokeRoute } = await import("../../tests/support/invoke-route.ts");
const { GetCommand } = await import("@aws-sdk/lib-dynamodb");

interface Counters {
  calls: Map<string, number>;
  itemsWritten: number;
  cancelledTransactions: number;
  localCapacity: number;
}
let counters: Counters = fresh();
function fresh(): Counters {
  return { calls: new Map(), itemsWritten: 0, cancelledTransactions: 0, localCapacity: 0 };
}

const WRITES = new Set(["PutItemCommand", "UpdateItemCommand", "DeleteItemCommand"]);
const CAPACITY = new Set([
  ...WRITES,
  "GetItemCommand",
  "QueryCommand",
  "BatchGetItemCommand",
  "TransactWriteItemsCommand",
]);

dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    const name = context.commandName ?? "unknown";
    const input = args.input as Record<string, unknown>;
    if (CAPACITY.has(name)) input.ReturnConsumedCapacity = "TOTAL";
    counters.calls.set(name, (counters.calls.get(name) ?? 0) + 1);
    if (name === "TransactWriteItemsCommand")
      counters.itemsWritten += (input.TransactItems as unknown[]).length;
    else if (WRITES.has(name)) counters.itemsWritten += 1;
    try {
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const c of [consumed].flat() as ({ CapacityUnits?: number } | undefined)[]) {
        counters.localCapacity += c?.CapacityUnits ?? 0;
      }
      return result;
    } catch (error) {
      if (error instanceof TransactionCanceledException) counters.cancelledTransactions += 1;
      throw error;
    }
  },
  { step: "initialize", name: "benchCounter" },
);

let seq = 0;
function benchUser(role: "buyer" | "seller", bidBalance: number) {
  seq += 1;
  return signedInUser({ username: `bench${role}${seq}`, role, bidBalance });
}

/**
 * A stored item's size by DynamoDB's rules: attribute names and string values in UTF-8 bytes, numbers
 * about one byte per two digits plus one, booleans and nulls one byte, maps and lists three bytes plus
 * one per element.
 */
function dynamoSize(value: unknown): number {
  if (value === null || typeof value === "boolean") return 1;
  if (typeof value === "number")
    return Math.ceil(String(Math.abs(value)).replace(/[.-]/g, "").length / 2) + 1;
  if (typeof value === "string") return Buffer.byteLength(value);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + dynamoSize(v), 0);
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return 3 + entries.reduce((sum, [k, v]) => sum + 1 + Buffer.byteLength(k) + dynamoSize(v), 0);
  }
  return 0;
}

async function itemSize(key: { pk: string; sk: string }): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key }));
  // The item itself is not a nested map: no 3-byte map overhead, no per-attribute byte.
  return Object.entries(Item ?? {}).reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + dynamoSize(v), 0);
}

const seller = await benchUser("seller", 0);
const results: string[] = [];

for (const bidders of BIDDERS) {
  const buyers = await Promise.all(Array.from({ length: bidders }, () => benchUser("buyer", 1_000_000)));
  const productId = crypto.randomUUID();
  const auction = await startAuction({
    product: {
      id: productId,
      sellerId: seller.sellerId!,
      name: "Bench Silver Eagle 1 oz",
      description: "A one ounce .999 fine silver coin in a capsule, the demo catalogue's typical item.",
      metalType: "silver",
      weight: "1oz",
      purity: ".999",
      imageUrl: "/images/products/silver-coins.svg",
      startingPriceCents: 100,
    },
    seller: { id: seller.sellerId!, userId: seller.id, businessName: "Bench Metals" },
    durationSeconds: 3600,
    now: Date.now(),
  });
  // Warm the sessions (their once-a-minute touch) and the handler module outside the measurement.
  await Promise.all(
    buyers.map((b) => invokeRoute({ method: "GET", path: "/api/auth/me", cookies: [b.cookie] })),
  );

  counters = fresh();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const stopAt = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer) => {
      while (Date.now() < stopAt) {
        const t = performance.now();
        const res = await invokeRoute({
          method: "POST",
          path: `/api/auctions/${auction.id}/bid`,
          cookies: [buyer.cookie],
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) latencies.push(performance.now() - t);
        else if (res.status === 409) await new Promise((r) => setTimeout(r, 20));
        else if (res.status !== 503) throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const run = counters;
  counters = fresh(); // the checks below are not part of the run

  // The invariants, checked on what was written.
  const stored = (await getAuction(auction.id))!;
  const bids = await listBids(auction.id);
  const accepted = statuses.get(200) ?? 0;
  const ok =
    stored.totalBids === accepted &&
    bids.length === accepted &&
    stored.priceCents === 100 + accepted &&
    bids.every((bid, i) => bid.sequence === i + 1);

  const per = (n: number) => (n / accepted).toFixed(2);
  const calls = [...run.calls.entries()]
    .map(([name, n]) => `${name.replace("Command", "")} ${per(n)}`)
    .join(", ");
  const sizes = {
    user: await itemSize(keys.user(buyers[0]!.id)),
    auction: await itemSize(keys.auction(auction.id)),
    bid: await itemSize(keys.bid(auction.id, 1)),
  };
  const line = [
    `${bidders} bidders, ${SECONDS} s: ${accepted} accepted bids = ${(accepted / elapsed).toFixed(1)}/s`,
    `  answers: ${[...statuses.entries()].map(([s, n]) => `${s}×${n}`).join(", ")}`,
    `  latency of accepted bids (ms): p50 ${percentile(latencies, 50).toFixed(1)}, p95 ${percentile(latencies, 95).toFixed(1)}, p99 ${percentile(latencies, 99).toFixed(1)}`,
    `  retries per accepted bid (lost races = cancelled transactions): ${per(run.cancelledTransactions)}`,
    `  DynamoDB calls per accepted bid: ${calls}`,
    `  items sent in writes per accepted bid: ${per(run.itemsWritten)} (3 per won race; a lost race sends 3 that are not written)`,
    `  DynamoDB Local ConsumedCapacity per accepted bid: ${per(run.localCapacity)} (under-reports transactions)`,
    `  item sizes (bytes, DynamoDB's rules, approx.): user ${sizes.user}, auction ${sizes.auction}, bid ${sizes.bid}`,
    `  invariants (totalBids = bid items = accepted, price = start + n, sequence 1..n): ${ok ? "hold" : "BROKEN"}`,
  ].join("\n");
  console.log(line);
  results.push(line);
}

await dynamoLocal.stop();
