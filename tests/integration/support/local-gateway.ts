/**
 * The local gateway (and, on request, the stream poller) inside a test worker, with the real
 * handlers, for integration tests that go through HTTP/WebSocket or need the local scheduler:
 *
 *   const table = useFreshTable();
 *   const local = useLocalGateway({ streams: true });
 *   it("…", async () => { await fetch(`${local.url}/api/auctions`); });
 *
 * With `streams`, live updates also take the direct path (a bid hands its state to the broadcaster
 * in-process, scripts/local/live-handoff.ts), as in `npm run dev`; `directLiveUpdates: false` leaves
 * the stream alone.
 *
 * With `events`, the AppSync Events stand-in runs too (scripts/local/event-api.ts) and
 * EVENT_API_HTTP_ENDPOINT points the broadcaster at it: the `events` transport.
 *
 * Sets LOCAL_SCHEDULER_URL and WS_MANAGEMENT_ENDPOINT to the gateway while the file runs. Call it
 * after useFreshTable() (the poller reads that table's stream). These tests speak to the gateway as
 * the site's proxy would, so the origin lock is off while the file runs (ORIGIN_SECRET unset); a test
 * of the lock sets it itself.
 */
import { afterAll, beforeAll } from "vitest";
import { installLiveHandoff } from "../../../functions/adapters/realtime/handoff-from-env.ts";
import { type LocalEventApi, startLocalEventApi } from "../../../scripts/local/event-api.ts";
import { type Gateway, type GatewayOptions, startGateway } from "../../../scripts/local/gateway.ts";
import type { HandlerLoader } from "../../../scripts/local/handlers.ts";
import { createLocalLiveHandoff, type LocalLiveHandoff } from "../../../scripts/local/live-handoff.ts";
import { type StreamPoller, startStreamPoller } from "../../../scripts/local/stream-poller.ts";

export interface LocalGatewayHandle {
  readonly url: string;
  readonly gateway: Gateway;
  /** Present with `streams: true`. */
  readonly poller: StreamPoller | undefined;
  /** The direct path's stand-in, present with `streams: true` unless `directLiveUpdates: false`. */
  readonly live: LocalLiveHandoff | undefined;
  /** The Event API stand-in, present with `events: true`. */
  readonly events: LocalEventApi | undefined;
}

export function useLocalGateway(
  options: {
    streams?: boolean;
    directLiveUpdates?: boolean;
    events?: boolean;
    loader?: HandlerLoader;
  } & Pick<GatewayOptions, "log" | "mediaDir"> = {},
): LocalGatewayHandle {
  let gateway: Gateway | undefined;
  let poller: StreamPoller | undefined;
  let live: LocalLiveHandoff | undefined;
  let events: LocalEventApi | undefined;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      loader: options.loader,
      log: options.log,
      mediaDir: options.mediaDir,
    });
    for (const name of ["LOCAL_SCHEDULER_URL", "WS_MANAGEMENT_ENDPOINT"]) {
      saved[name] = process.env[name];
      process.env[name] = gateway.url;
    }
    saved.ORIGIN_SECRET = process.env.ORIGIN_SECRET;
    delete process.env.ORIGIN_SECRET;
    if (options.events) {
      events = await startLocalEventApi({ iam: localIam() });
      saved.EVENT_API_HTTP_ENDPOINT = process.env.EVENT_API_HTTP_ENDPOINT;
      process.env.EVENT_API_HTTP_ENDPOINT = events.httpEndpoint;
    }
    if (options.streams) {
      const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
      const tableName = process.env.TABLE_NAME;
      if (!endpoint || !tableName) throw new Error("useLocalGateway({streams}) needs useFreshTable() first");
      poller = await startStreamPoller({ endpoint, tableName, loader: options.loader, log: options.log });
      if (options.directLiveUpdates !== false) {
        const log = options.log;
        live = createLocalLiveHandoff({
          loader: options.loader,
          log: log && ((message, extra) => log("warn", message, extra)),
        });
        installLiveHandoff(live);
      }
    }
  });

  afterAll(async () => {
    if (live) installLiveHandoff(null);
    await live?.stop();
    await poller?.stop();
    await gateway?.close();
    await events?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  return {
    get url() {
      if (!gateway) throw new Error("useLocalGateway(): the gateway starts in beforeAll");
      return gateway.url;
    },
    get gateway() {
      if (!gateway) throw new Error("useLocalGateway(): the gateway starts in beforeAll");
      return gateway;
    },
    get poller() {
      return poller;
    },
    get live() {
      return live;
    },
    get events() {
      return events;
    },
  };
}

/** The dummy credentials the handlers sign with here (tests/support/local-env.ts). */
function localIam() {
  return {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? "local",
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? "local",
    region: process.env.AWS_REGION ?? "us-east-1",
  };
}
