/**
 * npm run bench:payments — what a bid-credit purchase costs in DynamoDB, and how the one credit step
 * behaves when the webhook and the verify call race.
 *
 * Runs the real handlers in-process against an in-memory DynamoDB Local and counts, with an SDK
 * middleware, the calls each request makes and the items it writes. AWS cost is computed from the
 * pricing rules (a transactional write is 2 WCU per item per KB; a strongly consistent read 1 RCU
 * per 4 KB, an eventual one 0.5), not from DynamoDB Local's own ConsumedCapacity, which under-reports
 * transactions. Latencies are local (Java DynamoDB Local on this machine), for comparison only.
 */
import * as support from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const RACE_ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 30);

const dynamoLocal = await support.startBenchTable("bench-payments", { PAYMENT_PROVIDER: "local" });
const dynamo = await support.countDynamoCalls();
const { deliverWebhook: deliver, paidWebhook } = await import("./local-payments.ts");
const { invokeRoute } = await import("../local/invoke-route.ts");
const { seedBidPackages } = await import("../seed/bid-packages.ts");

await seedBidPackages();
let userSeq = 0;
const buyer = () => support.benchUser({ username: `bench${++userSeq}`, role: "buyer" });

const rows: { request: string; calls: string; p50: number; p95: number }[] = [];
async function bench(request: string, run: () => Promise<unknown>) {
  rows.push({ request, ...(await support.measureRow(ROUNDS, async () => undefined, run)) });
}

const b = await buyer();
await bench("GET /api/bid-packages", () => invokeRoute({ method: "GET", path: "/api/bid-packages" }));
await bench("POST /api/create-payment-intent", () =>
  invokeRoute({
    method: "POST",
    path: "/api/create-payment-intent",
    body: { packageId: "popular" },
    cookies: b.cookies,
  }),
);

async function paidIntent(owner: { cookies: string[] }) {
  const res = await invokeRoute<{ paymentIntentId: string }>({
    method: "POST",
    path: "/api/create-payment-intent",
    body: { packageId: "popular" },
    cookies: owner.cookies,
  });
  return { id: res.body.paymentIntentId, webhook: await paidWebhook(res.body.paymentIntentId) };
}

// First delivery (credits), a replay (credits nothing), and the verify call after it.
{
  const firstTimes: number[] = [];
  const replayTimes: number[] = [];
  const verifyTimes: number[] = [];
  let firstCalls = "";
  let replayCalls = "";
  let verifyCalls = "";
  for (let i = 0; i < ROUNDS; i++) {
    const intent = await paidIntent(b);
    const w = intent.webhook;
    const first = await support.measure(() => deliver(w));
    const replay = await support.measure(() => deliver(w));
    const verify = await support.measure(() =>
      invokeRoute({ method: "POST", path: `/api/payments/${intent.id}/verify`, cookies: b.cookies }),
    );
    firstTimes.push(first.ms);
    replayTimes.push(replay.ms);
    verifyTimes.push(verify.ms);
    firstCalls = support.describeTally(first.tally);
    replayCalls = support.describeTally(replay.tally);
    verifyCalls = support.describeTally(verify.tally);
  }
  rows.push({
    request: "POST /api/stripe/webhook (first delivery: credits)",
    calls: firstCalls,
    p50: support.percentile(firstTimes, 50),
    p95: support.percentile(firstTimes, 95),
  });
  rows.push({
    request: "POST /api/stripe/webhook (replay: no credit)",
    calls: replayCalls,
    p50: support.percentile(replayTimes, 50),
    p95: support.percentile(replayTimes, 95),
  });
  rows.push({
    request: "POST /api/payments/{id}/verify (already credited)",
    calls: verifyCalls,
    p50: support.percentile(verifyTimes, 50),
    p95: support.percentile(verifyTimes, 95),
  });
}

// Races: per payment, 3 webhook deliveries and 2 verify calls at once.
let wrongBalances = 0;
let transactions = 0;
const raceTimes: number[] = [];
for (let i = 0; i < RACE_ROUNDS; i++) {
  const racer = await buyer();
  const intent = await paidIntent(racer);
  const w = intent.webhook;
  const m = await support.measure(() =>
    Promise.all([
      deliver(w),
      invokeRoute({ method: "POST", path: `/api/payments/${intent.id}/verify`, cookies: racer.cookies }),
      deliver(w),
      invokeRoute({ method: "POST", path: `/api/payments/${intent.id}/verify`, cookies: racer.cookies }),
      deliver(w),
    ]),
  );
  raceTimes.push(m.ms);
  transactions += m.tally.get("TransactWriteItemsCommand")?.calls ?? 0;
  const me = await invokeRoute<{ bidBalance: number }>({
    method: "GET",
    path: "/api/auth/me",
    cookies: racer.cookies,
  });
  if (me.body.bidBalance !== 150) wrongBalances++;
}

console.log(`\nPer request (${ROUNDS} rounds each; local latency in ms):\n`);
console.table(rows.map((r) => ({ ...r, p50: r.p50.toFixed(1), p95: r.p95.toFixed(1) })));
console.log(
  `\nRaces: ${RACE_ROUNDS} payments, each with 3 webhook deliveries + 2 verify calls at once:` +
    `\n  balances credited other than exactly once: ${wrongBalances}` +
    `\n  credit transactions sent: ${transactions} (${(transactions / RACE_ROUNDS).toFixed(2)} per payment: each webhook ` +
    "delivery tries one, a verify call only when it read no purchase yet; retries after a TransactionConflict add more)" +
    `\n  whole race p50 ${support.percentile(raceTimes, 50).toFixed(1)} ms, p95 ${support.percentile(raceTimes, 95).toFixed(1)} ms`,
);

dynamo.destroy();
await dynamoLocal.stop();
