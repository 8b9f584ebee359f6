/**
 * npm run bench:orders — what winning and fulfilment cost in DynamoDB, and how the one-order and
 * paid-once guards behave under races.
 *
 * Runs the real handlers in-process against an in-memory DynamoDB Local and counts, with an SDK
 * middleware, the calls each request makes and the items it writes. AWS cost follows the pricing
 * rules (a transactional write is 2 WCU per item per KB), not DynamoDB Local's ConsumedCapacity.
 * Latencies are local (Java DynamoDB Local on this machine), for comparison only.
 */
import { benchUser, countDynamoCalls, measureRow, percentile, startBenchTable } from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const RACE_ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const LIVE_AUCTIONS = Number(process.env.BENCH_LIVE_AUCTIONS ?? 50);

// The bench buyer wins every round: the published win limit (10 in 30 days) would stop its bids.
const dynamoLocal = await startBenchTable("bench-orders", {
  PAYMENT_PROVIDER: "local",
  WIN_LIMIT_WINS: "1000000",
});
const dynamo = await countDynamoCalls();
const { getOrder } = await import("../../functions/adapters/dynamo/orders-repo.ts");
const { deliverWebhook: deliver, paidWebhook } = await import("./local-payments.ts");
const { benchAuction } = await import("./auctions.ts");
const { placeBid } = await import("../../functions/usecases/bidding/place-bid.ts");
const { invokeRoute } = await import("../local/invoke-route.ts");

let seq = 0;
async function user(role: "buyer" | "seller" = "buyer") {
  seq += 1;
  return benchUser({ username: `bench${role}${seq}`, role, bidBalance: 1000 });
}
type BenchUser = Awaited<ReturnType<typeof user>>;

/** An auction `winner` won (bids placed on an injected clock, its end already past, not finalized). */
async function wonAuction(seller: BenchUser, winner: BenchUser, running = false) {
  const started = running ? Date.now() : Date.now() - 120_000;
  const auction = await benchAuction(
    seller,
    {
      name: "Bench coin",
      description: "A coin.",
    },
    { durationSeconds: running ? 3600 : 60, now: started },
  );
  if (!running) {
    await placeBid({
      auctionId: auction.id,
      bidder: { id: winner.id, username: winner.username },
      clock: () => started + 1000,
    });
  }
  return auction;
}

const address = {
  shippingAddress: "1 Main Street",
  shippingCity: "Springfield",
  shippingState: "IL",
  shippingZip: "62701",
  shippingCountry: "US",
};

const rows: { request: string; calls: string; p50: number; p95: number }[] = [];
/** Runs `prepare` untimed and uncounted, then measures `run` on what it made. */
async function bench<T>(request: string, prepare: () => Promise<T>, run: (input: T) => Promise<unknown>) {
  rows.push({ request, ...(await measureRow(ROUNDS, prepare, run, "items", true)) });
}

const seller = await user("seller");
// Live auctions of other people that /auctions/won reads while finalizing: the realistic background.
const other = await user();
for (let i = 0; i < LIVE_AUCTIONS; i++) await wonAuction(seller, other, true);

const createOrder = (buyer: BenchUser, auctionId: string) =>
  invokeRoute<{ id: string }>({
    method: "POST",
    path: "/api/orders",
    body: { auctionId, ...address },
    cookies: buyer.cookies,
  });
const createIntent = (buyer: BenchUser, orderId: string) =>
  invokeRoute<{ paymentIntentId: string }>({
    method: "POST",
    path: `/api/orders/${orderId}/payment-intent`,
    cookies: buyer.cookies,
  });

const buyer = await user();
await bench(
  `GET /api/auctions/won (1 new win, ${LIVE_AUCTIONS} live auctions)`,
  async () => wonAuction(seller, buyer),
  () => invokeRoute({ method: "GET", path: "/api/auctions/won", cookies: buyer.cookies }),
);
await bench(
  "POST /api/orders",
  async () => {
    const auction = await wonAuction(seller, buyer);
    await invokeRoute({ method: "GET", path: `/api/auctions/${auction.id}` }); // finalized before
    return auction;
  },
  (auction) => createOrder(buyer, auction.id),
);
await bench(
  "POST /api/orders (second order, 409)",
  async () => {
    const auction = await wonAuction(seller, buyer);
    await createOrder(buyer, auction.id);
    return auction;
  },
  (auction) => createOrder(buyer, auction.id),
);
await bench(
  "POST /api/orders/{id}/payment-intent",
  async () => (await createOrder(buyer, (await wonAuction(seller, buyer)).id)).body.id,
  (orderId) => createIntent(buyer, orderId),
);
await bench(
  "POST /api/stripe/webhook (order, first delivery)",
  async () => {
    const orderId = (await createOrder(buyer, (await wonAuction(seller, buyer)).id)).body.id;
    return paidWebhook((await createIntent(buyer, orderId)).body.paymentIntentId);
  },
  (webhook) => deliver(webhook),
);
await bench(
  "POST /api/stripe/webhook (order, replay)",
  async () => {
    const orderId = (await createOrder(buyer, (await wonAuction(seller, buyer)).id)).body.id;
    const webhook = await paidWebhook((await createIntent(buyer, orderId)).body.paymentIntentId);
    await deliver(webhook);
    return webhook;
  },
  (webhook) => deliver(webhook),
);
const lister = await user();
const listed: string[] = [];
for (let i = 0; i < 10; i++) {
  const orderId = (await createOrder(lister, (await wonAuction(seller, lister)).id)).body.id;
  await deliver(await paidWebhook((await createIntent(lister, orderId)).body.paymentIntentId));
  listed.push(orderId);
}
await bench(
  "GET /api/orders/buyer (10 paid orders)",
  async () => undefined,
  () => invokeRoute({ method: "GET", path: "/api/orders/buyer", cookies: lister.cookies }),
);
await bench(
  `GET /api/orders/seller (${ROUNDS * 6 + 10} orders)`,
  async () => undefined,
  () => invokeRoute({ method: "GET", path: "/api/orders/seller", cookies: seller.cookies }),
);
let flip = 0;
await bench(
  "PATCH /api/orders/{id}/shipping",
  async () => listed[0]!,
  (orderId) =>
    invokeRoute({
      method: "PATCH",
      path: `/api/orders/${orderId}/shipping`,
      body: { status: ++flip % 2 ? "shipped" : "pending", trackingNumber: "1Z999" },
      cookies: seller.cookies,
    }),
);

// Races: five checkouts of one auction at once, then three deliveries of its payment at once.
let ordersCreated = 0;
let paidOnce = 0;
const raceTimes: number[] = [];
for (let i = 0; i < RACE_ROUNDS; i++) {
  const racer = await user();
  const auction = await wonAuction(seller, racer);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: 5 }, () => createOrder(racer, auction.id)));
  const created = results.filter((r) => r.status === 200);
  ordersCreated += created.length;
  const orderId = created[0]!.body.id;
  const webhook = await paidWebhook((await createIntent(racer, orderId)).body.paymentIntentId);
  await Promise.all([deliver(webhook), deliver(webhook), deliver(webhook)]);
  raceTimes.push(performance.now() - started);
  const order = await getOrder(orderId);
  if (order?.paymentStatus === "paid") paidOnce += 1;
}

console.log("| request | DynamoDB calls | p50 ms | p95 ms |");
console.log("|---|---|---|---|");
for (const row of rows)
  console.log(`| ${row.request} | ${row.calls} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |`);
console.log(
  `\nRaces (${RACE_ROUNDS}): 5 simultaneous checkouts of one auction -> ${ordersCreated} orders in total ` +
    `(${(ordersCreated / RACE_ROUNDS).toFixed(2)} per auction); 3 simultaneous webhook deliveries -> ` +
    `${paidOnce}/${RACE_ROUNDS} orders paid; race p50 ${percentile(raceTimes, 50).toFixed(0)} ms, ` +
    `p95 ${percentile(raceTimes, 95).toFixed(0)} ms.`,
);

dynamo.destroy();
await dynamoLocal.stop();
