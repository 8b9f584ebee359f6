/**
 * npm run bench:admin — what the seller and admin requests cost in DynamoDB.
 *
 * Runs the real handlers in-process against an in-memory DynamoDB Local and counts, with an SDK
 * middleware, the calls each request makes and the items it writes (AWS cost follows from the pricing
 * rules; DynamoDB Local's own ConsumedCapacity under-reports transactions). Latencies are local, for
 * comparison only. BENCH_USERS sets how many users the list reads (default 500).
 */
import { ensureTable, startDynamoLocal } from "../local/dynamo.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 500);

const dynamoLocal = await startDynamoLocal({ port: 0, inMemory: true });
Object.assign(process.env, {
  AWS_ENDPOINT_URL_DYNAMODB: dynamoLocal.endpoint,
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "local",
  AWS_SECRET_ACCESS_KEY: "local",
  TABLE_NAME: "bench-admin",
  PAYMENT_PROVIDER: "local",
  POWERTOOLS_LOG_LEVEL: "ERROR",
});
await ensureTable(dynamoLocal.endpoint, "bench-admin");

const { dynamo } = await import("../../functions/adapters/dynamo/client.ts");
const { createUser } = await import("../../functions/adapters/dynamo/users-repo.ts");
const { createSession } = await import("../../functions/adapters/dynamo/sessions-repo.ts");
const { invokeRoute } = await import("../local/events.ts");

type Tally = Map<string, { calls: number; itemsWritten: number }>;
let tally: Tally = new Map();

function itemsWrittenBy(command: string, input: Record<string, unknown>): number {
  if (command === "TransactWriteItemsCommand") return (input.TransactItems as unknown[]).length;
  return ["PutItemCommand", "UpdateItemCommand", "DeleteItemCommand"].includes(command) ? 1 : 0;
}

dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    const name = context.commandName ?? "unknown";
    const entry = tally.get(name) ?? { calls: 0, itemsWritten: 0 };
    entry.calls += 1;
    entry.itemsWritten += itemsWrittenBy(name, args.input as Record<string, unknown>);
    tally.set(name, entry);
    return next(args);
  },
  { step: "initialize", name: "benchCounter" },
);

const describeTally = (t: Tally) =>
  [...t.entries()]
    .map(
      ([name, { calls, itemsWritten }]) =>
        `${name.replace("Command", "")}×${calls}${itemsWritten ? ` (${itemsWritten} written)` : ""}`,
    )
    .join(", ");

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

let n = 0;
async function account(role: "buyer" | "seller" | "admin", bidBalance = 0) {
  n += 1;
  const user = await createUser({
    username: `bench${role[0]}${n}`,
    email: `bench${role[0]}${n}@example.com`,
    passwordHash: "x",
    role,
    now: Date.now() - n,
    bidBalance,
  });
  const { token } = await createSession(user, Date.now());
  return { ...user, cookie: `sid=${token}` };
}

type Account = Awaited<ReturnType<typeof account>>;
const call = async (who: Account, method: string, path: string, body?: unknown) => {
  const res = await invokeRoute<Record<string, unknown>>({ method, path, body, cookies: [who.cookie] });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Runs `prepare` outside the count, then measures `run` ROUNDS times; prints calls of the last round. */
async function bench<P>(label: string, prepare: () => Promise<P>, run: (p: P) => Promise<unknown>) {
  const times: number[] = [];
  let last: Tally = new Map();
  for (let i = 0; i < ROUNDS; i++) {
    const prepared = await prepare();
    tally = new Map();
    const started = performance.now();
    await run(prepared);
    times.push(performance.now() - started);
    last = tally;
  }
  console.log(
    `| ${label} | ${describeTally(last)} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} |`,
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
