/**
 * npm run bench:fanout — who hears a bid, and how soon: 1,000 local sockets over 100 auctions.
 *
 * Starts DynamoDB Local (in memory), the local gateway, the stream poller and the direct path's
 * stand-in (the same broadcaster Lambda code, as `npm run dev` runs them), opens BENCH_SOCKETS
 * WebSockets spread evenly over BENCH_AUCTIONS live auctions, then places bids (each on another
 * auction) and records, per bid, which sockets were sent its `bid_placed`, how often, and how long each
 * took from the bid request to the socket. Two passes on the same table:
 *   everything  the sockets never send `watch` (the behaviour before watching): every socket hears
 *               every bid; the stream alone delivers
 *   watch       each socket sends {"type":"watch","auctionIds":[its auction]} first; the bids
 *               alternate between the direct hand-off on and off (stream only), so both rows share
 *               the same sockets, table and machine load, side by side
 *
 *   BENCH_SOCKETS=1000 BENCH_AUCTIONS=100 BENCH_BIDS=20 BENCH_POLL_MS=200
 *
 * BENCH_BIDS is per row. The poll interval defaults to the local stack's (scripts/local/stream-poller.ts);
 * DynamoDB Streams → Lambda adds its own polling and a batching window in AWS (docs/scale.md): compare
 * the rows with each other, not with production.
 */
import WebSocket from "ws";
import { percentile, benchUser as signedInUser, startBenchTable } from "./support.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const AUCTIONS = Number(process.env.BENCH_AUCTIONS ?? 100);
const BIDS = Number(process.env.BENCH_BIDS ?? 20);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 200);

// Every socket here comes from 127.0.0.1: lift the per-address limit, as the local stack does.
const dynamoLocal = await startBenchTable("bench-fanout", { SOCKETS_PER_ADDRESS: "100000" });
delete process.env.ORIGIN_SECRET;
const { startGateway } = await import("../local/gateway.ts");
const { startStreamPoller } = await import("../local/stream-poller.ts");
const { createLocalLiveHandoff } = await import("../local/live-handoff.ts");
const { installLiveHandoff } = await import("../../functions/adapters/realtime/handoff-from-env.ts");
const gateway = await startGateway({ port: 0, log: () => {} });
process.env.LOCAL_SCHEDULER_URL = gateway.url;
process.env.WS_MANAGEMENT_ENDPOINT = gateway.url;
const poller = await startStreamPoller({
  endpoint: dynamoLocal.endpoint,
  tableName: "bench-fanout",
  intervalMs: POLL_MS,
  log: () => {},
});
const live = createLocalLiveHandoff({ log: () => {} });
const { benchAuction } = await import("./auctions.ts");
const { invokeRoute } = await import("../local/invoke-route.ts");

const seller = await signedInUser({ username: "fanoutseller", role: "seller" });
const auctions = await Promise.all(
  Array.from({ length: AUCTIONS }, (_, i) =>
    benchAuction(
      seller,
      {
        name: `Bench Silver Round ${i}`,
        description: "A one ounce .999 fine silver round.",
        weight: "1oz",
        purity: ".999",
      },
      { durationSeconds: 3600 },
    ),
  ),
);
// Two bidders: an auction bid on again gets the one who is not leading it.
const bidders = await Promise.all(
  ["fanoutbidder", "fanoutrival"].map((username) =>
    signedInUser({ username, role: "buyer", bidBalance: 1_000_000 }),
  ),
);
const lastBidder = new Map<string, number>();

interface Listener {
  ws: WebSocket;
  auctionId: string;
  /** First bid_placed arrival time by "auctionId#totalBids". */
  heard: Map<string, number>;
  /** How many times each "auctionId#totalBids" arrived (more than once is a doubled post). */
  times: Map<string, number>;
}

async function openSockets(watch: boolean): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let start = 0; start < SOCKETS; start += 50) {
    const batch = Array.from({ length: Math.min(50, SOCKETS - start) }, async (_, j) => {
      const auctionId = auctions[(start + j) % AUCTIONS]!.id;
      const ws = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/ws`);
      const listener: Listener = { ws, auctionId, heard: new Map(), times: new Map() };
      const watching = new Promise<void>((resolve) => {
        ws.on("message", (data) => {
          const message = JSON.parse(String(data)) as {
            type: string;
            auctionId?: string;
            totalBids?: number;
          };
          if (message.type === "watching") resolve();
          if (message.type === "bid_placed") {
            const key = `${message.auctionId}#${message.totalBids}`;
            if (!listener.heard.has(key)) listener.heard.set(key, performance.now());
            listener.times.set(key, (listener.times.get(key) ?? 0) + 1);
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

interface Row {
  label: string;
  /** The bid's own answer, for what the socket's latency is made of. */
  answers: number[];
  latencies: number[];
  /** Each socket's receipt after its bid's answer: what the path itself takes. */
  afterAnswer: number[];
  postsPerBid: number[];
  strays: number;
  doubled: number;
}

const row = (label: string): Row => ({
  label,
  answers: [],
  latencies: [],
  afterAnswer: [],
  postsPerBid: [],
  strays: 0,
  doubled: 0,
});

/**
 * One bid on the next auction, measured on `into`; `direct` says whether the hand-off is on for it.
 * A socket that has not heard it within `patienceMs` fails the run.
 */
async function measuredBid(
  listeners: Listener[],
  watch: boolean,
  direct: boolean,
  into: Row,
  patienceMs = 5000,
) {
  installLiveHandoff(direct ? live : null);
  const auction = auctions[(bidsSoFar++ * 7) % AUCTIONS]!;
  const turn = lastBidder.get(auction.id) === 0 ? 1 : 0;
  lastBidder.set(auction.id, turn);
  const sent = performance.now();
  const res = await invokeRoute<{ auction: { totalBids: number } }>({
    method: "POST",
    path: `/api/auctions/${auction.id}/bid`,
    cookies: bidders[turn]!.cookies,
  });
  if (res.status !== 200) throw new Error(`bid answered ${res.status}: ${JSON.stringify(res.body)}`);
  const answered = performance.now();
  into.answers.push(answered - sent);
  const key = `${auction.id}#${res.body.auction.totalBids}`;
  const audience = watch ? listeners.filter((l) => l.auctionId === auction.id) : listeners;
  const deadline = performance.now() + patienceMs;
  while (audience.some((l) => !l.heard.has(key)) && performance.now() < deadline) await sleep(10);
  // Everything either path will send for this bid has gone out: then late or doubled posts show.
  await poller.drain();
  await live.idle();
  await sleep(50);
  const heard = listeners.filter((l) => l.heard.has(key));
  into.postsPerBid.push(heard.reduce((n, l) => n + l.times.get(key)!, 0));
  into.strays += heard.filter((l) => !audience.includes(l)).length;
  into.doubled += heard.filter((l) => l.times.get(key)! > 1).length;
  for (const l of heard) {
    into.latencies.push(l.heard.get(key)! - sent);
    into.afterAnswer.push(l.heard.get(key)! - answered);
  }
  if (audience.some((l) => !l.heard.has(key))) throw new Error(`${into.label}: a socket missed bid ${key}`);
}

/**
 * Opening (and closing) a thousand sockets writes a few thousand items (connections, the address's
 * count, watch items, watch-frame counts), and the stream hands them to the broadcaster a batch per
 * poll: seconds of backlog that the first measured bids would queue behind. One unmeasured bid,
 * stream only, waited for as long as it takes: once every socket has heard it, the stream is past
 * the sockets' own writes.
 */
async function streamCaughtUp(listeners: Listener[], watch: boolean) {
  const started = performance.now();
  await measuredBid(listeners, watch, false, row("catching up"), 120_000);
  console.log(
    `stream past the sockets' own writes after ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function closeAll(listeners: Listener[]) {
  for (const l of listeners) l.ws.terminate();
  await sleep(500);
}

async function everythingRun(): Promise<Row[]> {
  const listeners = await openSockets(false);
  await streamCaughtUp(listeners, false);
  const stream = row("everything (no watch), stream only");
  for (let b = 0; b < BIDS; b++) await measuredBid(listeners, false, false, stream);
  await closeAll(listeners);
  return [stream];
}

async function watchRun(): Promise<Row[]> {
  const listeners = await openSockets(true);
  await streamCaughtUp(listeners, true);
  const stream = row(`watch (${SOCKETS / AUCTIONS} per auction), stream only`);
  const direct = row(`watch (${SOCKETS / AUCTIONS} per auction), direct hand-off + stream`);
  // Alternating, so both see the same machine load over the run.
  for (let b = 0; b < 2 * BIDS; b++) {
    const on = b % 2 === 1;
    await measuredBid(listeners, true, on, on ? direct : stream);
  }
  await closeAll(listeners);
  return [stream, direct];
}

const rows = [...(await everythingRun()), ...(await watchRun())];
console.log(
  `\n${SOCKETS} sockets, ${AUCTIONS} auctions, ${BIDS} bids per row, stream poll every ${POLL_MS} ms\n`,
);
console.log(
  "| sockets | mode | posts per bid | posts to non-watchers | sockets sent a bid twice | bid → socket p50 | p95 | the bid's answer p50 / p95 | answer → socket p50 / p95 |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const posts = r.postsPerBid.reduce((a, n) => a + n, 0) / r.postsPerBid.length;
  console.log(
    `| ${SOCKETS} | ${r.label} | ${posts.toFixed(1)} | ${r.strays} | ${r.doubled} | ${percentile(r.latencies, 50).toFixed(0)} ms | ${percentile(r.latencies, 95).toFixed(0)} ms | ${percentile(r.answers, 50).toFixed(0)} / ${percentile(r.answers, 95).toFixed(0)} ms | ${percentile(r.afterAnswer, 50).toFixed(0)} / ${percentile(r.afterAnswer, 95).toFixed(0)} ms |`,
  );
}

installLiveHandoff(null);
await live.stop();
await poller.stop();
await gateway.close();
await dynamoLocal.stop();
process.exit(0);
