/**
 * npm run bench:api — how fast the public auction reads answer through the whole local HTTP path.
 *
 * Starts the local stack in this process (in-memory DynamoDB Local, seeded, no Vite, free ports on
 * 127.0.0.1), then drives `GET /api/auctions` and `GET /api/auctions/{id}` with autocannon (load from a
 * worker thread) for a fixed time each, and prints throughput, latency percentiles and the DynamoDB
 * calls per request (counted with an SDK middleware). Stops everything by itself.
 *
 *   npm run bench:api                       # 10 s per endpoint, 10 connections
 *   npm run bench:api -- --duration 5 --connections 50
 *
 * Figures are for comparison between versions on one machine: the handlers, the gateway, Java
 * DynamoDB Local and autocannon all share its CPUs. What the deployed API does is in docs/scale.md.
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startQuietLocalStack } from "../local/stack.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "10" },
    connections: { type: "string", default: process.env.BENCH_CONNECTIONS ?? "10" },
  },
});
const duration = Math.min(120, Math.max(1, Number(values.duration)));
const connections = Math.min(500, Math.max(1, Number(values.connections)));

const stack = await startQuietLocalStack("bench-api");

interface Row {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  dynamoCallsPerRequest: number;
}

try {
  // Counted on the handlers' own client: they run in this process.
  const { dynamo } = await import("../../functions/adapters/dynamo/client.ts");
  const calls = new Map<string, number>();
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context.commandName ?? "unknown").replace(/Command$/, "");
      calls.set(name, (calls.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: "initialize", name: "benchCallCounter" },
  );

  const base = stack.apiUrl.replace("localhost", "127.0.0.1");
  // Straight to the gateway, as CloudFront would call it: with the origin lock's header.
  const headers: Record<string, string> = process.env.ORIGIN_SECRET
    ? { "x-origin-verify": process.env.ORIGIN_SECRET }
    : {};
  const list = (await (await fetch(`${base}/api/auctions`, { headers })).json()) as Array<{ id: string }>;
  if (!Array.isArray(list) || list.length === 0) throw new Error("the seed made no live auction to read");
  const auctionId = list[0]!.id;

  const targets = [
    { name: "GET /api/auctions", path: "/api/auctions" },
    { name: "GET /api/auctions/{id}", path: `/api/auctions/${auctionId}` },
  ];
  const rows: Row[] = [];
  const callMix: string[] = [];
  for (const target of targets) {
    calls.clear();
    const result = await autocannon({
      url: `${base}${target.path}`,
      headers,
      connections,
      duration,
      workers: 1,
    });
    const totalCalls = [...calls.values()].reduce((a, b) => a + b, 0);
    rows.push({
      name: target.name,
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      dynamoCallsPerRequest: totalCalls / Math.max(1, result.requests.total),
    });
    callMix.push(
      `${target.name}: ${[...calls.entries()]
        .map(([name, n]) => `${name} ${(n / Math.max(1, result.requests.total)).toFixed(2)}`)
        .join(", ")} per request`,
    );
  }

  console.log(
    `\nbench:api — ${duration} s per endpoint, ${connections} connections, ${list.length} live auctions, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}\n`,
  );
  console.log(
    "| request | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx | errors | DynamoDB calls/req |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} | ${r.dynamoCallsPerRequest.toFixed(2)} |`,
    );
  }
  console.log(`\n${callMix.join("\n")}`);
  if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
} finally {
  await stack.stop();
}
