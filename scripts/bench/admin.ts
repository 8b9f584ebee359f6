/**
 * npm run bench:admin — what the seller and admin requests cost in DynamoDB.
 *
 * Runs the real handlers in-process against an in-memory DynamoDB Local and counts, with an SDK
 * middleware, the calls each request makes and the items it writes (AWS cost follows from the pricing
 * rules; DynamoDB Local's own ConsumedCapacity under-reports transactions). Latencies are local, for
 * comparison only. BENCH_USERS sets how many users the list reads (default 500).
 */
import {
  benchUser,
  countDynamoCalls,
  describeTally,
  measureRounds,
  percentile,
  startBenchTable,
} from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 500);

const dynamoLocal = await startBenchTable("bench-admin", { PAYMENT_PROVIDER: "local" });
await countDynamoCalls();
const { invokeRoute } = await import("../../tests/support/invoke-route.ts");

let n = 0;
async function account(role: "buyer" | "seller" | "admin", bidBalance = 0) {
  n += 1;
  return benchUser({ username: `bench${role[0]}${n}`, role, bidBalance, now: Date.now() - n });
}

type Account = Awaited<ReturnType<typeof account>>;
const call = async (who: Account, method: string, path: string, body?: unknown) => {
  const res = await invokeRoute<Record<string, unknown>>({ method, path, body, cookies: [who.cookie] });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Runs `prepare` outside the count, then measures `run` ROUNDS times; prints calls of the last round. */
async function bench<P>(label: string, prepare: () => Promise<P>, run: (p: P) => Promise<unknown>) {
  const { times, lastTally } = await measureRounds(ROUNDS, prepare, run);
  console.log(
    `| ${label} | ${describeTally(lastTally, "written")} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} |`,
  );
}

const admin = await account("admin");
const seller = await account("seller");
await call(admin, "POST", `/api/admin/sellers/${seller.sellerId}/approve`);
const product = {
  name: "Bench bar",
  description: "A bar",
  metalType: "silver",
  imageUrl: "/images/products/silver-bullion.svg",
  startingPrice: "1.00",
  retailPrice: "40.00",
};
const newProduct = async () => (await call(seller, "POST", "/api/seller/products", product)).id as string;

console.log("| request | DynamoDB calls (one request) | local p50 / p95 ms |");
console.log("|---|---|---|");
await bench(
  "POST /api/seller/products",
  async () => undefined,
  () => newProduct(),
);
await bench("POST /api/admin/products/{id}/approve", newProduct, (id) =>
  call(admin, "POST", `/api/admin/products/${id}/approve`),
);
await bench(
  "POST /api/admin/products/{id}/approve (again)",
  async () => {
    const id = await newProduct();
    await call(admin, "POST", `/api/admin/products/${id}/approve`);
    return id;
  },
  (id) => call(admin, "POST", `/api/admin/products/${id}/approve`),
);
await bench(
  "DELETE /api/admin/products/{id} (live, no bids)",
  async () => {
    const id = await newProduct();
    await call(admin, "POST", `/api/admin/products/${id}/approve`);
    return id;
  },
  (id) => call(admin, "DELETE", `/api/admin/products/${id}`),
);
await bench(
  "POST /api/admin/users/{id}/adjust-bids (+5)",
  () => account("buyer", 3),
  (u) => call(admin, "POST", `/api/admin/users/${u.id}/adjust-bids`, { amount: 5 }),
);
await bench(
  "POST /api/admin/users/{id}/adjust-bids (-10, floors)",
  () => account("buyer", 3),
  (u) => call(admin, "POST", `/api/admin/users/${u.id}/adjust-bids`, { amount: -10 }),
);
await bench(
  "DELETE /api/admin/users/{id} (1 session)",
  () => account("buyer"),
  (u) => call(admin, "DELETE", `/api/admin/users/${u.id}`),
);
await bench(
  "GET /api/admin/stats/users",
  async () => undefined,
  () => call(admin, "GET", "/api/admin/stats/users"),
);

while (n < USERS) await account("buyer");
await bench(
  `GET /api/admin/users (${n} users)`,
  async () => undefined,
  () => call(admin, "GET", "/api/admin/users"),
);

await dynamoLocal.stop();
process.exit(0);
