/**
 * npm run bench:fanout — who hears a bid, how soon, and what it costs the API's own quota, over both
 * live transports in one run:
 *   websocket  the API Gateway WebSocket API: the broadcaster posts each state to every watching
 *              socket (one management-API request per watcher, counted against the account's
 *              API Gateway requests per second)
 *   events     the AppSync Event API's stand-in (scripts/local/event-api.ts): the broadcaster publishes
 *              each state once to `/auctions/<auctionId>`; the service fans it out
 *
 * Starts DynamoDB Local (in memory), the local gateway, the stream poller, the direct path's stand-in
 * and the Event API stand-in (the same handler code as `npm run dev`), then for each shape and
 * transport opens the watchers, places bids (the direct hand-off on, the stream as the safety net, as
 * deployed) and records per bid: management-API requests our code made, publishes, deliveries, and the
 * time from the bid request to each watcher. Events watchers subscribe with the client written from
 * AWS's protocol description (tests/support/appsync-events-client.ts), not the product's.
 *
 *   BENCH_SHAPES=1000x100,5000x1 BENCH_BIDS=20 BENCH_POLL_MS=200 BENCH_TRANSPORTS=websocket,events
 *
 * A shape is <watchers>x<auctions>. The poll interval defaults to the local stack's
 * (scripts/local/stream-poller.ts); compare the rows with each other, not with production.
 */
import WebSocket from "ws";
import { connectEventsClient, type EventsTestClient } from "../../tests/support/appsync-events-client.ts";
import { startLocalEventApi } from "../local/event-api.ts";
import { MANAGEMENT_PATH } from "../local/gateway/management-api.ts";
import { percentile, benchUser as signedInUser, startBenchTable } from "./support.ts";

type Transport = "websocket" | "events";
const SHAPES = (process.env.BENCH_SHAPES ?? "1000x100,5000x1").split(",").map((shape) => {
  const [watchers, auctions] = shape.split("x").map(Number);
  if (!watchers || !auctions) throw new Error(`BENCH_SHAPES: "${shape}" is not <watchers>x<auctions>`);
  return { watchers, auctions };
});
const TRANSPORTS = (process.env.BENCH_TRANSPORTS ?? "websocket,events").split(",") as Transport[];
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
let managementRequests = 0;
gateway.server.on("request", (req) => {
  if (MANAGEMENT_PATH.test(new URL(req.url ?? "/", "http://x").pathname)) managementRequests++;
});
const eventApi = await startLocalEventApi({
  iam: { accessKeyId: "local", secretAccessKey: "local", region: "us-east-1" },
});
const poller = await startStreamPoller({
  endpoint: dynamoLocal.endpoint,
  tableName: "bench-fanout",
  intervalMs: POLL_MS,
  log: () => {},
});
const live = createLocalLiveHandoff({ log: () => {} });
installLiveHandoff(live);
const { benchAuction } = await import("./auctions.ts");
const { invokeRoute } = await import("../local/invoke-route.ts");

const seller = await signedInUser({ username: "fanoutseller", role: "seller" });
const mostAuctions = Math.max(...SHAPES.map((s) => s.auctions));
const auctions = await Promise.all(
  Array.from({ length: mostAuctions }, (_, i) =>
    benchAuction(
      seller,
      {
        name: `Bench Silver Round ${i}`,
        description: "A one ounce .999 fine silver round.",
        weight: "1 oz",
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
  auctionId: string;
  /** First bid_placed arrival time by "auctionId#totalBids". */
  heard: Map<string, number>;
  /** How many times each "auctionId#totalBids" arrived (more than once is a doubled delivery). */
  times: Map<string, number>;
  close(): void;
}

interface BidMessage {
  type: string;
  auctionId?: string;
  totalBids?: number;
}

function hear(listener: Listener, message: BidMessage) {
  if (message.type !== "bid_placed") return;
  const key = `${message.auctionId}#${message.totalBids}`;
  if (!listener.heard.has(key)) listener.heard.set(key, performance.now());
  listener.times.set(key, (listener.times.get(key) ?? 0) + 1);
}

async function socketListener(auctionId: string): Promise<Listener> {
  const ws = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/ws`);
  const listener: Listener = { auctionId, heard: new Map(), times: new Map(), close: () => ws.terminate() };
  const watching = new Promise<void>((resolve) => {
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as BidMessage;
      if (message.type === "watching") resolve();
      hear(listener, message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "watch", auctionIds: [auctionId] }));
  await watching;
  return listener;
}

async function eventsListener(auctionId: string): Promise<Listener> {
  const client: EventsTestClient = await connectEventsClient(eventApi);
  const listener: Listener = { auctionId, heard: new Map(), times: new Map(), close: () => client.close() };
  const answer = await client.subscribe(`/auctions/${auctionId}`, { id: "s" });
  if (answer.type !== "subscribe_success") throw new Error(`subscribe refused: ${JSON.stringify(answer)}`);
  client.next((frame) => {
    if (frame.type === "data") hear(listener, JSON.parse(frame.event as string) as BidMessage);
    return false;
  });
  return listener;
}

async function openListeners(transport: Transport, watchers: number, auctionCount: number) {
  const listeners: Listener[] = [];
  for (let start = 0; start < watchers; start += 50) {
    const batch = Array.from({ length: Math.min(50, watchers - start) }, (_, j) => {
      const auctionId = auctions[(start + j) % auctionCount]!.id;
      return transport === "events" ? eventsListener(auctionId) : socketListener(auctionId);
    });
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let bidsSoFar = 0;

interface Row {
  transport: Transport;
  watchers: number;
  auctions: number;
  latencies: number[];
  answers: number[];
  managementPerBid: number[];
  publishesPerBid: number[];
  deliveriesPerBid: number[];
  missed: number;
  doubled: number;
  strays: number;
}

/** One bid on the next auction of the shape; a watcher that has not heard it within `patienceMs` counts as missed. */
async function measuredBid(listeners: Listener[], auctionCount: number, into: Row, patienceMs = 10_000) {
  const auction = auctions[(bidsSoFar++ * 7) % auctionCount]!;
  const turn = lastBidder.get(auction.id) === 0 ? 1 : 0;
  lastBidder.set(auction.id, turn);
  const before = { management: managementRequests, ...eventApi.stats() };
  const sent = performance.now();
  const res = await invokeRoute<{ auction: { totalBids: number } }>({
    method: "POST",
    path: `/api/auctions/${auction.id}/bid`,
    cookies: bidders[turn]!.cookies,
  });
  if (res.status !== 200) throw new Error(`bid answered ${res.status}: ${JSON.stringify(res.body)}`);
  into.answers.push(performance.now() - sent);
  const key = `${auction.id}#${res.body.auction.totalBids}`;
  const audience = listeners.filter((l) => l.auctionId === auction.id);
  const deadline = performance.now() + patienceMs;
  while (audience.some((l) => !l.heard.has(key)) && performance.now() < deadline) await sleep(5);
  // Everything either path will send for this bid has gone out: then late or doubled deliveries show.
  await poller.drain();
  await live.idle();
  await sleep(50);
  const after = { management: managementRequests, ...eventApi.stats() };
  into.managementPerBid.push(after.management - before.management);
  into.publishesPerBid.push(after.published - before.published);
  into.deliveriesPerBid.push(
    into.transport === "events"
      ? after.delivered - before.delivered
      : listeners.reduce((n, l) => n + (l.times.get(key) ?? 0), 0),
  );
  into.missed += audience.filter((l) => !l.heard.has(key)).length;
  into.doubled += listeners.filter((l) => (l.times.get(key) ?? 0) > 1).length;
  into.strays += listeners.filter((l) => l.heard.has(key) && l.auctionId !== auction.id).length;
  for (const l of audience) if (l.heard.has(key)) into.latencies.push(l.heard.get(key)! - sent);
}

async function run(transport: Transport, watchers: number, auctionCount: number): Promise<Row> {
  if (transport === "events") process.env.EVENT_API_HTTP_ENDPOINT = eventApi.httpEndpoint;
  else delete process.env.EVENT_API_HTTP_ENDPOINT;
  const listeners = await openListeners(transport, watchers, auctionCount);
  // Opening sockets writes connection and watch items; the stream catches up on them before measuring.
  await measuredBid(listeners, auctionCount, { ...emptyRow(transport, watchers, auctionCount) }, 120_000);
  const row = emptyRow(transport, watchers, auctionCount);
  for (let b = 0; b < BIDS; b++) await measuredBid(listeners, auctionCount, row);
  for (const l of listeners) l.close();
  await sleep(500);
  await poller.drain();
  return row;
}

function emptyRow(transport: Transport, watchers: number, auctionCount: number): Row {
  return {
    transport,
    watchers,
    auctions: auctionCount,
    latencies: [],
    answers: [],
    managementPerBid: [],
    publishesPerBid: [],
    deliveriesPerBid: [],
    missed: 0,
    doubled: 0,
    strays: 0,
  };
}

const rows: Row[] = [];
for (const shape of SHAPES) {
  for (const transport of TRANSPORTS) {
    const started = performance.now();
    rows.push(await run(transport, shape.watchers, shape.auctions));
    console.log(
      `${transport} ${shape.watchers}x${shape.auctions}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

const mean = (values: number[]) => values.reduce((a, n) => a + n, 0) / Math.max(1, values.length);
console.log(`\n${BIDS} bids per row, direct hand-off + stream (poll every ${POLL_MS} ms)\n`);
console.log(
  "| transport | watchers × auctions | API Gateway requests per bid | publishes per bid | deliveries per bid | bid → watcher p50 | p95 | missed | doubled | to non-watchers | the bid's answer p50 |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.transport} | ${r.watchers} × ${r.auctions} | ${mean(r.managementPerBid).toFixed(1)} | ${mean(r.publishesPerBid).toFixed(1)} | ${mean(r.deliveriesPerBid).toFixed(1)} | ${percentile(r.latencies, 50).toFixed(0)} ms | ${percentile(r.latencies, 95).toFixed(0)} ms | ${r.missed} | ${r.doubled} | ${r.strays} | ${percentile(r.answers, 50).toFixed(0)} ms |`,
  );
}

installLiveHandoff(null);
await live.stop();
await poller.stop();
await gateway.close();
await eventApi.close();
await dynamoLocal.stop();
process.exit(rows.some((r) => r.missed || r.doubled || r.strays) ? 1 : 0);
