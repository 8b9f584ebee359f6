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
import { type LocalEventApi, startLocalEventApi } from "./event-api.ts";
import { type Gateway, startGateway } from "./gateway.ts";
import { createLocalLiveHandoff } from "./live-handoff.ts";
import { repoRoot } from "./paths.ts";
import { startLocalDeadlineSweep } from "./payment-deadlines.ts";
import { startLocalRealtimeKeyRotation } from "./realtime-api-keys.ts";
import { startLocalSpotPriceFeed } from "./spot-price-feed.ts";
import { handlerEnvironment, resolvePorts } from "./stack-env.ts";
import { type StreamPoller, startStreamPoller } from "./stream-poller.ts";
import { defaultVapidKeysFile, localVapidEnvironment } from "./vapid-keys.ts";
import { startVite } from "./vite.ts";

export interface LocalStackOptions {
  /** A throwaway in-memory database instead of `.data/dynamodb/`. */
  inMemory?: boolean;
  dataDir?: string;
  /**
   * Hears, with its last output, of a server (DynamoDB Local, Vite) that exits while the stack runs.
   * Default: a log line (Vite's death leaves the API running). Tests fail their run at once.
   */
  onServerExit?: (message: string) => void;
  /**
   * Ports; 0 lets each server take one the OS picks (read them from the URLs). Defaults: env
   * DYNAMO_PORT/GATEWAY_PORT/WEB_PORT/EVENT_API_PORT, else 8000/3001/5173/3002.
   */
  ports?: { dynamo?: number; gateway?: number; web?: number; events?: number };
  /**
   * Where live updates go: `events` (the AppSync Events stand-in, scripts/local/event-api.ts) or
   * `websocket` (the gateway's /ws and the broadcaster's posts). Default: env LIVE, else the default below.
   */
  live?: LiveTransport;
  /** Start Vite (web/vite.config.ts) too. Default true. */
  withVite?: boolean;
  /** Run scripts/seed.ts's `seed()` when that file exists. Default true. */
  seed?: boolean;
  tableName?: string;
  /** Extra environment for the handlers (and Vite); wins over the defaults below. */
  env?: Record<string, string | undefined>;
  logRequests?: boolean;
  /** Forward Vite's and Java's output (Vite's is otherwise printed only if it fails to start). */
  verbose?: boolean;
  log?: (message: string) => void;
}

export type LiveTransport = "events" | "websocket";
export const DEFAULT_LIVE_TRANSPORT: LiveTransport = "events";

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
  /**
   * The stream's second reader, as in AWS (its own mapping there): the table-changes consumer (emails and
   * stats); `poller` feeds the broadcaster.
   */
  changesPoller: StreamPoller;
  /** The Event API stand-in, when live updates take the `events` transport. */
  events: LocalEventApi | null;
  /** The environment handed to the handlers. */
  env: Record<string, string>;
  timings: Record<string, number>;
  stop(): Promise<void>;
}

/** A seeded throwaway stack on free ports, without Vite and without logs: what a benchmark or an audit runs against. */
export function startQuietLocalStack(tableName: string): Promise<LocalStack> {
  return startLocalStack({
    inMemory: true,
    withVite: false,
    ports: { dynamo: 0, gateway: 0, web: 0, events: 0 },
    tableName,
    env: { POWERTOOLS_LOG_LEVEL: "ERROR" },
    log: () => {},
  });
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
    const withVite = options.withVite ?? true;
    // Port 0 stays 0 up to each server, which binds it and reports the port it got.
    const asked = await resolvePorts(options.ports, withVite);
    const tableName = options.tableName ?? process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;
    const onServerExit =
      options.onServerExit ??
      ((message: string) => log(`[local] ${message}\n[local] the stack is incomplete now`));
    delete process.env.AWS_PROFILE; // dummy keys, never a real profile

    const dynamo: DynamoLocal = await startDynamoLocal({
      port: asked.dynamo,
      inMemory: options.inMemory ?? false,
      dataDir: options.dataDir,
      verbose: options.verbose,
      onUnexpectedExit: onServerExit,
    });
    stops.push(() => dynamo.stop());
    mark("dynamodb");
    const table = await ensureTable(dynamo.endpoint, tableName);
    mark("table");

    // A throwaway database keeps its photos in a throwaway folder too.
    const mediaDir = dynamo.inMemory ? await mkdtemp(join(tmpdir(), "penny-media-")) : undefined;
    if (mediaDir) stops.push(() => rm(mediaDir, { recursive: true, force: true }));
    const gateway = await startGateway({
      port: asked.gateway,
      logRequests: options.logRequests,
      mediaDir: mediaDir ?? options.env?.LOCAL_MEDIA_DIR,
    });
    stops.push(() => gateway.close());
    mark("gateway");

    // The VAPID keys first: a test's own env may replace them.
    const vapidFile = options.inMemory
      ? null
      : options.dataDir
        ? join(options.dataDir, "vapid-keys.json")
        : defaultVapidKeysFile;
    const live = options.live ?? (process.env.LIVE as LiveTransport | undefined) ?? DEFAULT_LIVE_TRANSPORT;
    // Its own port, as AWS gives the Event API its own domain (docs/decisions.md).
    const events =
      live === "events"
        ? await startLocalEventApi({
            port: options.ports?.events ?? Number(process.env.EVENT_API_PORT || 3002),
            iam: { accessKeyId: "local", secretAccessKey: "local", region: LOCAL_REGION },
            // No key until the rotation makes the first, as on a fresh stage.
            apiKey: null,
          })
        : null;
    if (events) stops.push(() => events.close());
    const overrides = {
      ...localVapidEnvironment(vapidFile),
      ...(events
        ? {
            EVENT_API_HTTP_ENDPOINT: events.httpEndpoint,
            EVENT_API_REALTIME_ENDPOINT: events.realtimeEndpoint,
            // The key rotation's: AppSync's key calls go to the stand-in.
            EVENT_API_ID: events.apiId,
            AWS_ENDPOINT_URL_APPSYNC: events.controlEndpoint,
          }
        : {}),
      ...options.env,
    };
    let ports = { dynamo: dynamo.port, gateway: gateway.port, web: asked.web };
    let env = handlerEnvironment(ports, tableName, overrides);

    let webUrl = gateway.url;
    if (withVite) {
      // Vite proxies to the gateway with the origin secret; the handlers then learn Vite's port.
      const vite = await startVite({
        port: asked.web,
        env,
        verbose: options.verbose ?? false,
        log,
        onUnexpectedExit: options.onServerExit,
      });
      stops.push(vite.stop);
      ports = { ...ports, web: vite.port };
      env = handlerEnvironment(ports, tableName, { ORIGIN_SECRET: env.ORIGIN_SECRET, ...overrides });
      webUrl = `http://localhost:${vite.port}`;
      mark("vite");
    }
    Object.assign(process.env, env);

    const seeded = options.seed === false ? null : await runSeed();
    if (seeded) mark("seed");

    const { poller, changesPoller } = await startEventStandIns(dynamo.endpoint, tableName, stops, mark);
    if (events) {
      // The deploy-time run, then the schedule's timer: the first key is served before any page asks.
      const rotation = startLocalRealtimeKeyRotation();
      stops.push(() => rotation.stop());
      await rotation.sweep();
      mark("api-keys");
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
      changesPoller,
      events,
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

/** scripts/seed.ts's `seed()`, when that file exists; null when there is none to run. */
async function runSeed(): Promise<SeedInfo | null> {
  const seedFile = join(repoRoot, "scripts", "seed.ts");
  if (!existsSync(seedFile)) return null;
  const mod = (await import(/* @vite-ignore */ seedFile)) as { seed?: () => Promise<SeedInfo | undefined> };
  return typeof mod.seed === "function" ? ((await mod.seed()) ?? {}) : null;
}

/**
 * What AWS runs on the table's stream, queues and rules, in this process: the stream poller (with the
 * direct hand-off of live updates), the table-changes consumer's poller (emails, stats) and the email queue, the ending-soon sweep, the
 * Bid Agent queue and sweep, the payment deadline sweep. Each one's stop joins `stops`.
 */
async function startEventStandIns(
  endpoint: string,
  tableName: string,
  stops: Array<() => Promise<void>>,
  mark: (name: string) => void,
): Promise<{ poller: StreamPoller; changesPoller: StreamPoller }> {
  const poller = await startStreamPoller({ endpoint, tableName });
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

  // Emails and stats: the table-changes consumer queues email events and counts, the in-process queue
  // hands the events to the sender, whose outbox stands in for SES (GET /api/dev/outbox).
  const emails = createLocalEmailQueue();
  installEmailQueue(emails);
  stops.push(async () => {
    installEmailQueue(null);
    await emails.stop();
  });
  const changesPoller = await startStreamPoller({
    endpoint,
    tableName,
    targets: [eventHandlers.tableChanges],
  });
  stops.push(() => changesPoller.stop());
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

  // Spot prices: the stand-in feed on the schedule's timer, fetched once now so melt values show at once.
  const spotPrices = startLocalSpotPriceFeed();
  stops.push(() => spotPrices.stop());
  await spotPrices.sweep();
  mark("spot-prices");

  return { poller, changesPoller };
}
