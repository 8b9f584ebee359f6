/**
 * npm run bench:admin — what the seller and admin requests cost in DynamoDB.
 *
 * Runs the real handlers in-process against an in-memory DynamoDB Local and counts, with an SDK
 * middleware, the calls each request makes and the items it writes (AWS cost follows from the pricing
 * rules; DynamoDB Local's own ConsumedCapacity under-reports transactions). Latencies are local, for
 * comparison only. BENCH_USERS sets how many users the list reads (default 500), BENCH_LIVE how many
 * live auctions the public list holds (default 500); each list is read whole and as a first and a
 * later page (a page's work is bounded by its limit).
 */
import { benchUser, countDynamoCalls, measureRow, startBenchTable } from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const LIVE = Number(process.env.BENCH_LIVE ?? 500);

const dynamoLocal = await startBenchTable("bench-admin", { PAYMENT_PROVIDER: "local" });
await countDynamoCalls();
const { invokeRoute } = await import("../local/invoke-route.ts");

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
  const row = await measureRow(ROUNDS, prepare, run, "written", true);
  console.log(`| ${label} | ${row.calls} | ${row.p50.toFixed(1)} / ${row.p95.toFixed(1)} |`);
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
const approve = (id: string) => call(admin, "POST", `/api/admin/products/${id}/approve`);
/** A product whose auction is live (no bids). */
const approvedProduct = async () => {
  const id = await newProduct();
  await approve(id);
  return id;
};

console.log("| request | DynamoDB calls (one request) | local p50 / p95 ms |");
console.log("|---|---|---|");
await bench(
  "POST /api/seller/products",
  async () => undefined,
  () => newProduct(),
);
await bench("POST /api/admin/products/{id}/approve", newProduct, approve);
await bench("POST /api/admin/products/{id}/approve (again)", approvedProduct, approve);
await bench("DELETE /api/admin/products/{id} (live, no bids)", approvedProduct, (id) =>
  call(admin, "DELETE", `/api/admin/products/${id}`),
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
/** The cursor of the page after `pages` pages of `limit` (a code before pages ignores it: undefined). */
async function cursorAfter(path: string, limit: number, pages: number): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const query = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await invokeRoute<Record<string, unknown>>({
      method: "GET",
      path: `${path}?${query}`,
      cookies: [admin.cookie],
    });
    cursor = ((res.body as { nextCursor?: string }).nextCursor ?? res.headers["x-next-cursor"]) || undefined;
  }
  return cursor;
}
await bench(
  `GET /api/admin/users?limit=20 (${n} users)`,
  async () => undefined,
  () => call(admin, "GET", "/api/admin/users?limit=20"),
);
await bench(
  `GET /api/admin/users?limit=20&cursor= (the 11th page of ${n} users)`,
  () => cursorAfter("/api/admin/users", 20, 10),
  (cursor) =>
    call(admin, "GET", `/api/admin/users?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
);

// The public live list: approved products are live auctions (those above are live too).
const live = async () => ((await call(seller, "GET", "/api/seller/auctions")) as unknown as unknown[]).length;
for (let count = await live(); count < LIVE; count++) {
  await approve(await newProduct());
}
const anonymousRead = async (path: string) => {
  const res = await invokeRoute({ method: "GET", path });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
};
await bench(
  `GET /api/auctions (${LIVE} live auctions)`,
  async () => undefined,
  () => anonymousRead("/api/auctions"),
);
await bench(
  `GET /api/auctions?limit=20 (${LIVE} live auctions)`,
  async () => undefined,
  () => anonymousRead("/api/auctions?limit=20"),
);
await bench(
  `GET /api/auctions?limit=20&cursor= (the 11th page of ${LIVE})`,
  () => cursorAfter("/api/auctions", 20, 10),
  (cursor) => anonymousRead(`/api/auctions?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
);

await dynamoLocal.stop();
process.exit(0);
