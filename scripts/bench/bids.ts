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
 *   BENCH_SEQUENTIAL=200    first, bids one at a time (two bidders taking turns) through the stack,
 *                           interleaved with the same DynamoDB work done bare (the floor: the same
 *                           reads, in the same two parallel rounds, and the same transaction, with no
 *                           product code, then the same hand-off of the new state to the broadcaster,
 *                           which a bid must do); prints both p50s and their ratio (budget: at most 1.2)
 *
 * In the sequential part both sides hand their state to the broadcaster through the local stack's
 * stand-in (scripts/local/live-handoff.ts: the broadcaster runs in-process, after the answer, as an
 * asynchronous invocation does in AWS). The storm runs have no hand-off installed: they measure
 * DynamoDB's conflicts on one item, and their call counts are the bid's own.
 *
 * A bidder who leads (409) waits 20 ms before trying again, like a user clicking again; a busy answer
 * (503) is retried at once. Latencies are of accepted bids, end to end through the handler.
 */
import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { percentile, benchUser as signedInUser, startBenchTable } from "./support.ts";

const BIDDERS = (process.env.BENCH_BIDDERS ?? "2,10,40").split(",").filter(Boolean).map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const dynamoLocal = await startBenchTable("bench-bids");

const { dynamo, db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
const { keys } = await import("../../functions/adapters/dynamo/keys.ts");
const { listBids } = await import("../../functions/adapters/dynamo/bids-repo.ts");
const { getAuction } = await import("../../functions/adapters/dynamo/auctions-repo.ts");
const { benchAuction: silverEagleAuction } = await import("./auctions.ts");
const { invokeRoute } = await import("../local/invoke-route.ts");
const { GetCommand, QueryCommand, TransactWriteCommand } = await import("@aws-sdk/lib-dynamodb");
const { indexKeys } = await import("../../functions/adapters/dynamo/keys.ts");
const { hashSessionToken } = await import("../../functions/domain/sessions.ts");

const { auctionMessage } = await import("../../functions/domain/realtime-messages.ts");
const { installLiveHandoff } = await import("../../functions/adapters/realtime/handoff-from-env.ts");
const { createLocalLiveHandoff } = await import("../local/live-handoff.ts");

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
/** The floor may be at most this much faster than a bid through the stack. */
const STACK_OVER_FLOOR_BUDGET = 1.2;

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

function benchAuction() {
  return silverEagleAuction(
    seller,
    {
      name: "Bench Silver Eagle 1 oz",
      description: "A one ounce .999 fine silver coin in a capsule, the demo catalogue's typical item.",
      weight: "1 oz",
      purity: ".999",
    },
    { durationSeconds: 3600 },
  );
}

/**
 * The floor of one bid: what the stack sends to DynamoDB, sent bare. Round 1 the session and the
 * auction, round 2 the bidder's limits and latest wins, then the four-item transaction.
 */
async function bareBid(
  bidder: { id: string; username: string; token: string },
  auctionId: string,
  live: { handOff(message: ReturnType<typeof auctionMessage>): Promise<void> },
) {
  const [, read] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName(), Key: keys.session(hashSessionToken(bidder.token)) })),
    db.send(new GetCommand({ TableName: tableName(), Key: keys.auction(auctionId), ConsistentRead: true })),
  ]);
  await Promise.all([
    db.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.user(bidder.id),
        ProjectionExpression: "pk, limits, pendingLimits, selfExcludedUntil",
        ConsistentRead: true,
      }),
    ),
    db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: "gsi3",
        KeyConditionExpression: "gsi3pk = :p AND gsi3sk >= :since",
        ExpressionAttributeValues: {
          ":p": indexKeys.userWins(bidder.id),
          ":since": new Date(0).toISOString(),
        },
        ScanIndexForward: false,
        Limit: 3,
      }),
    ),
  ]);
  const auction = read.Item!;
  const now = Date.now();
  const n = (auction.totalBids as number) + 1;
  await db.send(
    new TransactWriteCommand({
      ClientRequestToken: crypto.randomUUID(),
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(bidder.id),
            UpdateExpression: "SET bidBalance = bidBalance - :cost, lastBidAt = :at",
            ConditionExpression: "bidBalance >= :cost",
            ExpressionAttributeValues: { ":cost": 1, ":at": new Date(now).toISOString() },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.auction(auctionId),
            UpdateExpression:
              "SET priceCents = :price, totalBids = :n, endsAt = :endsAt, lastBidderId = :uid, lastBidderUsername = :uname, ledgerHead = :head, lastBidAuto = :auto",
            ConditionExpression: "#status = :active AND endsAt > :now AND totalBids = :seen",
            ExpressionAttributeNames: { "#status": "status" },
            ExpressionAttributeValues: {
              ":price": (auction.priceCents as number) + 1,
              ":n": n,
              ":endsAt": Math.max(auction.endsAt as number, now + 10_000),
              ":uid": bidder.id,
              ":uname": bidder.username,
              ":head": "0".repeat(64),
              ":auto": false,
              ":active": "active",
              ":now": now,
              ":seen": auction.totalBids,
            },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.bid(auctionId, n),
              type: "bid",
              auctionId,
              sequence: n,
              userId: bidder.id,
              username: bidder.username,
              amountCents: (auction.priceCents as number) + 1,
              createdAt: new Date(now).toISOString(),
              auto: false,
              hash: "0".repeat(64),
            },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.bidder(auctionId, bidder.id),
            UpdateExpression: "SET #type = :type, lastBidAt = :at ADD bids :one",
            ConditionExpression: "attribute_not_exists(boughtNowOrderId)",
            ExpressionAttributeNames: { "#type": "type" },
            ExpressionAttributeValues: { ":type": "bidder", ":at": now, ":one": 1 },
          },
        },
      ],
    }),
  );
  const state = {
    id: auctionId,
    status: "active" as const,
    priceCents: (auction.priceCents as number) + 1,
    totalBids: n,
    endsAt: Math.max(auction.endsAt as number, now + 10_000),
    lastBidderUsername: bidder.username,
    startingPriceCents: auction.startingPriceCents as number,
    createdAt: auction.createdAt as string,
    ledgerHead: "0".repeat(64),
    lastBidAuto: false,
  };
  await live.handOff(auctionMessage(state, "bid", now));
}

if (SEQUENTIAL > 0) {
  const pair = await Promise.all([benchUser("buyer", 1_000_000), benchUser("buyer", 1_000_000)]);
  const turns = pair.map((b) => ({ ...b, token: b.cookie.slice("sid=".length) }));
  const [throughStack, bare] = await Promise.all([benchAuction(), benchAuction()]);
  for (const b of turns) await invokeRoute({ method: "GET", path: "/api/auth/me", cookies: [b.cookie] });
  const live = createLocalLiveHandoff();
  installLiveHandoff(live);
  const stackTimes: number[] = [];
  const floorTimes: number[] = [];
  // Interleaved, so both see the same machine; the first 10 of each warm up and are not counted.
  for (let i = 0; i < SEQUENTIAL + 10; i++) {
    const bidder = turns[i % 2]!;
    let t = performance.now();
    const res = await invokeRoute({
      method: "POST",
      path: `/api/auctions/${throughStack.id}/bid`,
      cookies: [bidder.cookie],
    });
    if (res.status !== 200) throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
    if (i >= 10) stackTimes.push(performance.now() - t);
    t = performance.now();
    await bareBid(bidder, bare.id, live);
    if (i >= 10) floorTimes.push(performance.now() - t);
  }
  installLiveHandoff(null);
  await live.stop();
  const stack = percentile(stackTimes, 50);
  const floor = percentile(floorTimes, 50);
  const ratio = stack / floor;
  const line = [
    `one bid at a time (${SEQUENTIAL} bids, two bidders taking turns):`,
    `  through the stack p50 ${stack.toFixed(2)} ms (p95 ${percentile(stackTimes, 95).toFixed(2)})`,
    `  bare DynamoDB floor p50 ${floor.toFixed(2)} ms (p95 ${percentile(floorTimes, 95).toFixed(2)})`,
    `  ratio ${ratio.toFixed(2)} (budget ${STACK_OVER_FLOOR_BUDGET}): ${ratio <= STACK_OVER_FLOOR_BUDGET ? "holds" : "OVER"}`,
  ].join("\n");
  console.log(line);
  results.push(line);
}

for (const bidders of BIDDERS) {
  const buyers = await Promise.all(Array.from({ length: bidders }, () => benchUser("buyer", 1_000_000)));
  const auction = await benchAuction();
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
