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
import {
  benchUser,
  countDynamoCalls,
  describeTally,
  measure,
  measureRounds,
  percentile,
  startBenchTable,
} from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const RACE_ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 30);

const dynamoLocal = await startBenchTable("bench-payments", { PAYMENT_PROVIDER: "local" });
const dynamo = await countDynamoCalls();
const { localPaymentGateway, localWebhookSecret } = await import(
  "../../functions/adapters/payments/index.ts"
);
const { signWebhook, succeededEvent } = await import("../../functions/adapters/payments/local-gateway.ts");
const { markLocalPaymentIntentSucceeded } = await import(
  "../../functions/adapters/dynamo/local-payment-intents-repo.ts"
);
const { invokeRoute } = await import("../../tests/support/invoke-route.ts");
const { seedBidPackages } = await import("../seed/bid-packages.ts");

await seedBidPackages();
let userSeq = 0;
const buyer = () => benchUser({ username: `bench${++userSeq}`, role: "buyer" });

const rows: { request: string; calls: string; p50: number; p95: number }[] = [];
async function bench(request: string, run: () => Promise<unknown>) {
  const { times, lastTally } = await measureRounds(ROUNDS, async () => undefined, run);
  rows.push({
    request,
    calls: describeTally(lastTally),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  });
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
  await markLocalPaymentIntentSucceeded(res.body.paymentIntentId);
  return (await localPaymentGateway().retrievePaymentIntent(res.body.paymentIntentId))!;
}
const webhookFor = (intent: Awaited<ReturnType<typeof paidIntent>>) => {
  const now = Date.now();
  return signWebhook(succeededEvent(intent, now), localWebhookSecret(), now);
};
const deliver = (w: { payload: string; signatureHeader: string }) =>
  invokeRoute({
    method: "POST",
    path: "/api/stripe/webhook",
    body: w.payload,
    headers: { "stripe-signature": w.signatureHeader },
  });

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
    const w = webhookFor(intent);
    const first = await measure(() => deliver(w));
    const replay = await measure(() => deliver(w));
    const verify = await measure(() =>
      invokeRoute({ method: "POST", path: `/api/payments/${intent.id}/verify`, cookies: b.cookies }),
    );
    firstTimes.push(first.ms);
    replayTimes.push(replay.ms);
    verifyTimes.push(verify.ms);
    firstCalls = describeTally(first.tally);
    replayCalls = describeTally(replay.tally);
    verifyCalls = describeTally(verify.tally);
  }
  rows.push({
    request: "POST /api/stripe/webhook (first delivery: credits)",
    calls: firstCalls,
    p50: percentile(firstTimes, 50),
    p95: percentile(firstTimes, 95),
  });
  rows.push({
    request: "POST /api/stripe/webhook (replay: no credit)",
    calls: replayCalls,
    p50: percentile(replayTimes, 50),
    p95: percentile(replayTimes, 95),
  });
  rows.push({
    request: "POST /api/payments/{id}/verify (already credited)",
    calls: verifyCalls,
    p50: percentile(verifyTimes, 50),
    p95: percentile(verifyTimes, 95),
  });
}

// Races: per payment, 3 webhook deliveries and 2 verify calls at once.
let wrongBalances = 0;
let transactions = 0;
const raceTimes: number[] = [];
for (let i = 0; i < RACE_ROUNDS; i++) {
  const racer = await buyer();
  const intent = await paidIntent(racer);
  const w = webhookFor(intent);
  const m = await measure(() =>
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
    `\n  whole race p50 ${percentile(raceTimes, 50).toFixed(1)} ms, p95 ${percentile(raceTimes, 95).toFixed(1)} ms`,
);

dynamo.destroy();
await dynamoLocal.stop();
