/**
 * The whole product on this machine (docs/architecture.md section 2), used by `npm run dev` and the e2e tests:
 *
 *   DynamoDB Local (table ensured) -> gateway (+ local scheduler) -> seed -> stream poller (+ the
 *     direct hand-off of live updates)
 *     -> email consumer's poller and queue -> Bid Agent queue -> Vite
 *
 * Handlers run in this process, so the environment they read (TABLE_NAME, endpoints, …) is set on
 * process.env before anything is imported or invoked.
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installAgentQueue } from "../../functions/adapters/agents/queue-from-env.ts";
import { installEmailQueue } from "../../functions/adapters/email/email-queue.ts";
import { installLiveHandoff } from "../../functions/adapters/realtime/handoff-from-env.ts";
import { eventHandlers } from "../../functions/routes.ts";
import { createLocalAgentQueue } from "./agent-queue.ts";
import { createLocalAlertSweep } from "./alert-sweep.ts";
import {
  DEFAULT_TABLE_NAME,
  type DynamoLocal,
  ensureTable,
  LOCAL_REGION,
  startDynamoLocal,
} from "./dynamo.ts";
import { createLocalEmailQueue } from "./email-queue.ts";
import { type Gateway, startGateway } from "./gateway.ts";
import { createLocalLiveHandoff } from "./live-handoff.ts";
import { repoRoot, viteBin, webViteConfig } from "./paths.ts";
import { startLocalDeadlineSweep } from "./payment-deadlines.ts";
import { freePort, portIsFree } from "./ports.ts";
import { ownChild } from "./process.ts";
import { type StreamPoller, startStreamPoller } from "./stream-poller.ts";

export interface LocalStackOptions {
  /** A throwaway in-memory database instead of `.data/dynamodb/`. */
  inMemory?: boolean;
  dataDir?: string;
  /** Ports; 0 picks a free one. Defaults: env DYNAMO_PORT/GATEWAY_PORT/WEB_PORT, else 8000/3001/5173. */
  ports?: { dynamo?: number; gateway?: number; web?: number };
  /** Start Vite (web/vite.config.ts) too. Default true. */
  withVite?: boolean;
  /** Run scripts/seed.ts's `seed()` when that file exists. Default true. */
  seed?: boolean;
  tableName?: string;
  /** Extra environment for the handlers (and Vite); wins over the defaults below. */
  env?: Record<string, string | undefined>;
  /** One log line per API request. */
  logRequests?: boolean;
  /** Forward Vite's and Java's output (Vite's is otherwise printed only if it fails to start). */
  verbose?: boolean;
  log?: (message: string) => void;
}

export interface SeedInfo {
  admin?: { username: string; password: string };
  buyer?: { username: string; password: string };
}

export interface LocalStack {
  /** http://localhost:<web port> (Vite), or the gateway URL when started without Vite. */
  webUrl: string;
  /** The gateway: /api, /ws, /@connections, /@schedules. */
  apiUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  /** What seed() returned, when it ran. */
  seeded: SeedInfo | null;
  gateway: Gateway;
  poller: StreamPoller;
  /** The email consumer's own reader of the stream (Lambda gives each consumer its own mapping). */
  emailPoller: StreamPoller;
  /** The environment handed to the handlers. */
  env: Record<string, string>;
  timings: Record<string, number>;
  stop(): Promise<void>;
}

function portOption(value: number | undefined, envName: string, fallback: number): number {
  if (value !== undefined) return value;
  const raw = process.env[envName];
  return raw ? Number(raw) : fallback;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? ((message: string) => console.log(message));
  const started = Date.now();
  const timings: Record<string, number> = {};
  const mark = (name: string) => {
    timings[name] = Date.now() - started;
  };
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error("[local] error while stopping:", error);
      }
    }
  };

  try {
    const resolve = async (port: number) => (port === 0 ? await freePort() : port);
    const dynamoPort = await resolve(portOption(options.ports?.dynamo, "DYNAMO_PORT", 8000));
    const gatewayPort = await resolve(portOption(options.ports?.gateway, "GATEWAY_PORT", 3001));
    const withVite = options.withVite ?? true;
    const webPort = withVite ? await resolve(portOption(options.ports?.web, "WEB_PORT", 5173)) : 0;
    const tableName = options.tableName ?? process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;
    await assertPortsFree([
      ["DynamoDB Local", "DYNAMO_PORT", dynamoPort],
      ["gateway", "GATEWAY_PORT", gatewayPort],
      ...(withVite ? [["Vite", "WEB_PORT", webPort] as [string, string, number]] : []),
    ]);
    const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

    const stripe = !!process.env.STRIPE_SECRET_KEY;
    const env: Record<string, string> = {
      TABLE_NAME: tableName,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: "local",
      AWS_SECRET_ACCESS_KEY: "local",
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      ALLOWED_ORIGINS: `http://localhost:${webPort || 5173},http://127.0.0.1:${webPort || 5173}`,
      PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || (stripe ? "stripe" : "local"),
      // Lets the local provider use the public development webhook secret (nowhere else may).
      LOCAL_STACK: "1",
      // Every browser here comes from 127.0.0.1.
      REGISTRATIONS_PER_ADDRESS: "1000",
      SOCKETS_PER_ADDRESS: "10000",
      // The origin lock, as deployed: only requests through the site's proxy (Vite here) reach the API.
      ORIGIN_SECRET: process.env.ORIGIN_SECRET || randomBytes(24).toString("hex"),
      LOCAL_SCHEDULER_URL: gatewayUrl,
      WS_MANAGEMENT_ENDPOINT: gatewayUrl,
      // Where emails link back to.
      SITE_URL: `http://localhost:${webPort || 5173}`,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL || "WARN",
      GATEWAY_PORT: String(gatewayPort),
      DYNAMO_PORT: String(dynamoPort),
    };
    if (withVite) env.WEB_PORT = String(webPort);
    for (const [k, v] of Object.entries(options.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    delete process.env.AWS_PROFILE; // dummy keys, never a real profile
    Object.assign(process.env, env);

    const dynamo: DynamoLocal = await startDynamoLocal({
      port: dynamoPort,
      inMemory: options.inMemory ?? false,
      dataDir: options.dataDir,
      verbose: options.verbose,
    });
    stops.push(() => dynamo.stop());
    mark("dynamodb");
    const table = await ensureTable(dynamo.endpoint, tableName);
    mark("table");

    // A throwaway database keeps its photos in a throwaway folder too.
    const mediaDir = dynamo.inMemory ? await mkdtemp(join(tmpdir(), "penny-media-")) : undefined;
    if (mediaDir) stops.push(() => rm(mediaDir, { recursive: true, force: true }));
    const gateway = await startGateway({ port: gatewayPort, logRequests: options.logRequests, mediaDir });
    stops.push(() => gateway.close());
    mark("gateway");

    let seeded: SeedInfo | null = null;
    const seedFile = join(repoRoot, "scripts", "seed.ts");
    if ((options.seed ?? true) && existsSync(seedFile)) {
      const mod = (await import(/* @vite-ignore */ seedFile)) as {
        seed?: () => Promise<SeedInfo | undefined>;
      };
      if (typeof mod.seed === "function") seeded = (await mod.seed()) ?? {};
      mark("seed");
    }

    const poller = await startStreamPoller({ endpoint: dynamo.endpoint, tableName });
    stops.push(() => poller.stop());
    // Live updates' direct path: a bid hands its state to the broadcaster at once (the poller above is
    // the safety net, as the stream is in AWS).
    const live = createLocalLiveHandoff();
    installLiveHandoff(live);
    stops.push(async () => {
      installLiveHandoff(null);
      await live.stop();
    });
    mark("poller");

    // Emails: the stream consumer queues email events, the in-process queue hands them to the sender,
    // whose outbox stands in for SES (GET /api/dev/outbox).
    const emails = createLocalEmailQueue();
    installEmailQueue(emails);
    stops.push(async () => {
      installEmailQueue(null);
      await emails.stop();
    });
    const emailPoller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName,
      targets: [eventHandlers.emailEvents],
    });
    stops.push(() => emailPoller.stop());
    // Ending-soon alerts: the one-minute rule's stand-in, feeding the email queue above.
    const alerts = createLocalAlertSweep({ everyMs: 60_000 });
    stops.push(() => alerts.stop());
    mark("emails");

    // The Bid Agent engine's queue and its one-minute sweep; the first sweep resumes agents from the table.
    const agents = createLocalAgentQueue({ sweepEveryMs: 60_000 });
    installAgentQueue(agents);
    stops.push(async () => {
      installAgentQueue(null);
      await agents.stop();
    });
    await agents.sweep();
    mark("agents");

    // The payment deadline sweep (the EventBridge rule's stand-in): reminders and expiry of unpaid wins.
    const deadlines = startLocalDeadlineSweep();
    stops.push(() => deadlines.stop());
    await deadlines.sweep();
    mark("deadlines");

    let webUrl = gatewayUrl;
    if (withVite) {
      const stopVite = await startVite(webPort, env, options.verbose ?? false, log);
      stops.push(stopVite);
      webUrl = `http://localhost:${webPort}`;
      mark("vite");
    }

    let stopped: Promise<void> | null = null;
    const steps = Object.entries(timings)
      .map(([name, ms], i, all) => `${name} ${ms - (all[i - 1]?.[1] ?? 0)}`)
      .join(", ");
    log(
      `[local] stack up in ${Date.now() - started} ms (${steps} ms; table ${tableName} ${table === "created" ? "created" : "found"}, ${dynamo.inMemory ? "in memory" : "on disk"})`,
    );
    return {
      webUrl,
      apiUrl: gateway.url,
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      seeded,
      gateway,
      poller,
      emailPoller,
      env,
      timings,
      stop: () => {
        stopped ??= stopAll();
        return stopped;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Fails before anything starts when a port is taken (another dev stack, a stray Vite…). */
async function assertPortsFree(ports: Array<[string, string, number]>) {
  const taken: string[] = [];
  for (const [what, envName, port] of ports) {
    if (!(await portIsFree(port)))
      taken.push(`${what} port ${port} is in use (choose another with ${envName}=…)`);
  }
  if (taken.length) {
    throw new Error(`${taken.join("; ")}. Is another dev stack running? (pgrep -af "DynamoDBLocal|vite")`);
  }
}

async function startVite(
  port: number,
  env: Record<string, string>,
  verbose: boolean,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  if (!existsSync(webViteConfig)) throw new Error("web/vite.config.ts does not exist yet");
  const child = spawn(
    process.execPath,
    [viteBin, "--config", webViteConfig, "--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stop = ownChild(child, "Vite");
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 200) output.shift();
    if (verbose || ready) {
      for (const line of text.split("\n")) if (line.trim()) log(`[vite] ${line}`);
    }
  };
  let ready = false;
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);

  const deadline = Date.now() + 60_000;
  const url = `http://127.0.0.1:${port}/`;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Vite exited during start:\n${output.join("")}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      ready = true;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Vite did not answer on ${url} within 60 s:\n${output.join("")}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) log(`[vite] exited unexpectedly (${signal ?? `code ${code}`}); the API keeps running`);
  });
  return () => {
    stopping = true;
    // Vite ignores SIGTERM while it optimizes dependencies; it holds no data worth waiting for.
    return stop(2500);
  };
}
