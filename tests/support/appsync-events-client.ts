/**
 * A bare AppSync Events client written from AWS's protocol description ("Understanding the Event API
 * WebSocket protocol", "Publishing events over HTTP"), independent of the product's own client in
 * web/src: the tests that use it check the stand-in (and the publisher) against the protocol, not
 * against our reading of it twice.
 */
import { randomUUID } from "node:crypto";
import WebSocket from "ws";

export interface EventApiAddress {
  httpEndpoint: string;
  realtimeEndpoint: string;
  /** The HTTP endpoint's host, as the authorization header names it. */
  host: string;
  apiKey: string;
}

type Frame = Record<string, unknown> & { type: string };

export interface EventsTestClient {
  frames: Frame[];
  ack: Frame;
  /** Resolves with `subscribe_success` or `subscribe_error`. */
  subscribe(channel: string, options?: { apiKey?: string; id?: string }): Promise<Frame>;
  unsubscribe(id: string): Promise<Frame>;
  /** The decoded events delivered to subscription `id`. */
  eventsOf(id: string): unknown[];
  send(frame: unknown): void;
  /** The next frame to arrive that fits. */
  next(fits: (frame: Frame) => boolean): Promise<Frame>;
  close(): void;
}

/** The authorization object: `host` and `x-api-key`. */
const authorizationOf = (address: EventApiAddress, apiKey = address.apiKey) => ({
  host: address.host,
  "x-api-key": apiKey,
});

export function headerProtocol(authorization: Record<string, string>): string {
  return `header-${Buffer.from(JSON.stringify(authorization)).toString("base64url")}`;
}

/** Opens the socket with both subprotocols, sends `connection_init` and waits for `connection_ack`. */
export async function connectEventsClient(
  address: EventApiAddress,
  apiKey = address.apiKey,
): Promise<EventsTestClient> {
  const ws = new WebSocket(address.realtimeEndpoint, [
    "aws-appsync-event-ws",
    headerProtocol(authorizationOf(address, apiKey)),
  ]);
  const frames: Frame[] = [];
  const waiters = new Set<{ fits: (frame: Frame) => boolean; resolve: (f: Frame) => void }>();
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const waiter of waiters) {
      if (waiter.fits(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
  });
  const next = (fits: (frame: Frame) => boolean) =>
    new Promise<Frame>((resolve) => waiters.add({ fits, resolve }));
  const send = (frame: unknown) => ws.send(JSON.stringify(frame));
  const acked = next((f) => f.type === "connection_ack");
  send({ type: "connection_init" });
  const ack = await acked;
  return {
    frames,
    ack,
    subscribe(channel, options = {}) {
      const id = options.id ?? randomUUID();
      const answer = next(
        (f) => f.id === id && (f.type === "subscribe_success" || f.type === "subscribe_error"),
      );
      send({ type: "subscribe", id, channel, authorization: authorizationOf(address, options.apiKey) });
      return answer;
    },
    unsubscribe(id) {
      const answer = next(
        (f) => f.id === id && (f.type === "unsubscribe_success" || f.type === "unsubscribe_error"),
      );
      send({ type: "unsubscribe", id });
      return answer;
    },
    eventsOf: (id) =>
      frames.filter((f) => f.type === "data" && f.id === id).map((f) => JSON.parse(f.event as string)),
    send,
    next,
    close: () => ws.close(),
  };
}

/** `POST <httpEndpoint>` with the events as JSON strings and the API key. */
export async function publishWithKey(
  address: EventApiAddress,
  channel: string,
  events: unknown[],
  apiKey: string | null = address.apiKey,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(address.httpEndpoint, {
    method: "POST",
    headers: { "content-type": "application/json", ...(apiKey === null ? {} : { "x-api-key": apiKey }) },
    body: JSON.stringify({ channel, events: events.map((event) => JSON.stringify(event)) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
