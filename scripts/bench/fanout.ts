/**
 * npm run bench:fanout — who hears a bid: 1,000 local sockets over 100 auctions.
 *
 * Starts DynamoDB Local (in memory), the local gateway and the stream poller (the same broadcaster
 * Lambda code), opens BENCH_SOCKETS WebSockets spread evenly over BENCH_AUCTIONS live auctions, then
 * places BENCH_BIDS bids (each on another auction) and records, per bid, how many sockets were sent
 * `bid_placed` and how long each took from the bid request to the socket. Two runs on the same table:
 *   everything  the sockets never send `watch` (the behaviour before watching): every socket hears every bid
 *   watch       each socket sends {"type":"watch","auctionIds":[its auction]} first
 *
 *   BENCH_SOCKETS=1000 BENCH_AUCTIONS=100 BENCH_BIDS=20 BENCH_POLL_MS=50
 *
 * Latency includes the stream poller's interval (BENCH_POLL_MS; DynamoDB Streams → Lambda polls
 * about four times a second in AWS): compare the runs with each other, not with production.
 */
import WebSocket from "ws";
import { percentile, benchUser as signedInUser, startBenchTable } from "./support.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const AUCTIONS = Number(process.env.BENCH_AUCTIONS ?? 100);
const BIDS = Number(process.env.BENCH_BIDS ?? 20);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 50);

// Every socket here comes from 127.0.0.1: lift the per-address limit, as the local stack does.
const dynamoLocal = await startBenchTable("bench-fanout", { SOCKETS_PER_ADDRESS: "100000" });
delete process.env.ORIGIN_SECRET;
const { startGateway } = await import("../local/gateway.ts");
const { startStreamPoller } = await import("../local/stream-poller.ts");
const gateway = await startGateway({ port: 0, log: () => {} });
process.env.LOCAL_SCHEDULER_URL = gateway.url;
process.env.WS_MANAGEMENT_ENDPOINT = gateway.url;
const poller = await startStreamPoller({
  endpoint: dynamoLocal.endpoint,
  tableName: "bench-fanout",
  intervalMs: POLL_MS,
  log: () => {},
});
const { startAuction } = await import("../../functions/usecases/start-auction.ts");
const { invokeRoute } = await import("../../tests/support/invoke-route.ts");

const seller = await signedInUser({ username: "fanoutseller", role: "seller" });
const auctions = await Promise.all(
  Array.from({ length: AUCTIONS }, (_, i) =>
    startAuction({
      product: {
        id: crypto.randomUUID(),
        sellerId: seller.sellerId!,
        name: `Bench Silver Round ${i}`,
        description: "A one ounce .999 fine silver round.",
        metalType: "silver",
        weight: "1oz",
        purity: ".999",
        imageUrl: "/images/products/silver-coins.svg",
        startingPriceCents: 100,
      },
      seller: { id: seller.sellerId!, userId: seller.id, businessName: "Bench Metals" },
      durationSeconds: 3600,
      now: Date.now(),
    }),
  ),
);
const bidder = await signedInUser({ username: "fanoutbidder", role: "buyer", bidBalance: 1_000_000 });

interface Listener {
  ws: WebSocket;
  auctionId: string;
  /** bid_placed arrival times by "auctionId#totalBids". */
  heard: Map<string, number>;
}

async function openSockets(watch: boolean): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let start = 0; start < SOCKETS; start += 50) {
    const batch = Array.from({ length: Math.min(50, SOCKETS - start) }, async (_, j) => {
      const auctionId = auctions[(start + j) % AUCTIONS]!.id;
      const ws = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/ws`);
      const listener: Listener = { ws, auctionId, heard: new Map() };
      const watching = new Promise<void>((resolve) => {
        ws.on("message", (data) => {
          const message = JSON.parse(String(data)) as {
            type: string;
            auctionId?: string;
            totalBids?: number;
          };
          if (message.type === "watching") resolve();
          if (message.type === "bid_placed") {
            listener.heard.set(`${message.auctionId}#${message.totalBids}`, performance.now());
          }
        });
      });
      await new Promise<void>((resolve, reject) => {
        ws.once("open", () => resolve());
        ws.once("error", reject);
      });
      if (watch) {
        ws.send(JSON.stringify({ type: "watch", auctionIds: [auctionId] }));
        await watching;
      }
      return listener;
    });
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let bidsSoFar = 0;

async function run(label: string, watch: boolean) {
  const listeners = await openSockets(watch);
  const latencies: number[] = [];
  const postsPerBid: number[] = [];
  let strays = 0;
  for (let b = 0; b < BIDS; b++) {
    const auction = auctions[(bidsSoFar++ * 7) % AUCTIONS]!;
    const sent = performance.now();
    const res = await invokeRoute<{ auction: { totalBids: number } }>({
      method: "POST",
      path: `/api/auctions/${auction.id}/bid`,
      cookies: bidder.cookies,
    });
    if (res.status !== 200) throw new Error(`bid answered ${res.status}: ${JSON.stringify(res.body)}`);
    const key = `${auction.id}#${res.body.auction.totalBids}`;
    const audience = watch ? listeners.filter((l) => l.auctionId === auction.id) : listeners;
    const deadline = performance.now() + 5000;
    while (audience.some((l) => !l.heard.has(key)) && performance.now() < deadline) await sleep(10);
    await sleep(POLL_MS * 3); // late arrivals to sockets that should not hear it
    const heard = listeners.filter((l) => l.heard.has(key));
    postsPerBid.push(heard.length);
    strays += heard.filter((l) => !audience.includes(l)).length;
    for (const l of heard) latencies.push(l.heard.get(key)! - sent);
    if (audience.some((l) => !l.heard.has(key))) throw new Error(`${label}: a socket missed bid ${key}`);
  }
  for (const l of listeners) l.ws.terminate();
  await sleep(500);
  const posts = postsPerBid.reduce((a, n) => a + n, 0) / postsPerBid.length;
  return {
    label,
    sockets: listeners.length,
    postsPerBid: posts,
    strays,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

const rows = [await run("everything (no watch)", false), await run("watch (10 per auction)", true)];
console.log(
  `\n${SOCKETS} sockets, ${AUCTIONS} auctions, ${BIDS} bids per run, stream poll every ${POLL_MS} ms\n`,
);
console.log("| sockets | mode | posts per bid | posts to non-watchers | bid → socket p50 | p95 |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.sockets} | ${r.label} | ${r.postsPerBid.toFixed(1)} | ${r.strays} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms |`,
  );
}

await poller.stop();
await gateway.close();
await dynamoLocal.stop();
process.exit(0);
