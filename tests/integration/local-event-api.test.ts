import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalEventApi, startLocalEventApi } from "../../scripts/local/event-api.ts";
import {
  connectEventsClient,
  type EventsTestClient,
  headerProtocol,
  publishWithKey,
} from "../support/appsync-events-client.ts";

/** The Event API stand-in, spoken to by a client written from AWS's protocol description. */
let api: LocalEventApi;
const clients: EventsTestClient[] = [];
const connect = async (apiKey?: string) => {
  const client = await connectEventsClient(api, apiKey);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  api = await startLocalEventApi({ keepAliveEveryMs: 50 });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await api.close();
});

describe("local AppSync Events stand-in", () => {
  it("acknowledges connection_init with connectionTimeoutMs and keeps the connection alive with ka", async () => {
    const client = await connect();
    expect(client.ack).toEqual({ type: "connection_ack", connectionTimeoutMs: 300_000 });
    await expect.poll(() => client.frames.filter((f) => f.type === "ka").length).toBeGreaterThanOrEqual(2);
  });

  it("delivers a published event to the subscription of its channel, as data {id, event}", async () => {
    const watcher = await connect();
    const other = await connect();
    const sub = await watcher.subscribe("/auctions/a1");
    expect(sub.type).toBe("subscribe_success");
    const otherSub = await other.subscribe("/auctions/a2");
    expect(otherSub.type).toBe("subscribe_success");

    const delivered = watcher.next((f) => f.type === "data");
    const answer = await publishWithKey(api, "/auctions/a1", [{ type: "bid_placed", totalBids: 3 }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ failed: [], successful: [{ identifier: expect.any(String), index: 0 }] });
    const frame = await delivered;
    expect(frame).toEqual({
      type: "data",
      id: sub.id,
      event: JSON.stringify({ type: "bid_placed", totalBids: 3 }),
    });

    // The other channel's subscriber gets its own channel's event, and only that.
    const otherDelivered = other.next((f) => f.type === "data");
    await publishWithKey(api, "/auctions/a2", [{ n: 1 }]);
    await otherDelivered;
    expect(other.eventsOf(otherSub.id as string)).toEqual([{ n: 1 }]);
    expect(watcher.eventsOf(sub.id as string)).toEqual([{ type: "bid_placed", totalBids: 3 }]);
  });

  it("a wildcard subscription receives every channel below its path, and nothing beside it", async () => {
    const client = await connect();
    const all = await client.subscribe("/auctions/*");
    const deep = await client.subscribe("/auctions/b1/*");
    expect([all.type, deep.type]).toEqual(["subscribe_success", "subscribe_success"]);
    const third = client.next((f) => f.type === "data" && f.id === all.id && f.event === '{"n":3}');
    await publishWithKey(api, "/auctions/b1", [{ n: 1 }]);
    await publishWithKey(api, "/auctions/b1/bids", [{ n: 2 }]);
    await publishWithKey(api, "/auctions/b2", [{ n: 3 }]);
    await third;
    expect(client.eventsOf(all.id as string)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(client.eventsOf(deep.id as string)).toEqual([{ n: 2 }]);
  });

  it("stops delivering after unsubscribe_success", async () => {
    const client = await connect();
    const gone = await client.subscribe("/auctions/c1");
    const kept = await client.subscribe("/auctions/c2");
    expect(await client.unsubscribe(gone.id as string)).toEqual({ type: "unsubscribe_success", id: gone.id });
    const keptDelivery = client.next((f) => f.type === "data" && f.id === kept.id);
    await publishWithKey(api, "/auctions/c1", [{ n: 1 }]);
    await publishWithKey(api, "/auctions/c2", [{ n: 2 }]);
    await keptDelivery;
    expect(client.eventsOf(gone.id as string)).toEqual([]);
    expect((await client.unsubscribe(gone.id as string)).type).toBe("unsubscribe_error");
  });

  it("refuses a publish without the key (or with a wrong one), and delivers nothing of it", async () => {
    const client = await connect();
    const sub = await client.subscribe("/auctions/d1");
    const without = await publishWithKey(api, "/auctions/d1", [{ n: 1 }], null);
    expect(without.status).toBe(401);
    expect(without.body).toEqual({
      errors: [{ errorType: "UnauthorizedException", message: expect.any(String) }],
    });
    expect((await publishWithKey(api, "/auctions/d1", [{ n: 2 }], "da2-wrong")).status).toBe(401);
    const after = client.next((f) => f.type === "data");
    await publishWithKey(api, "/auctions/d1", [{ n: 3 }]);
    await after;
    expect(client.eventsOf(sub.id as string)).toEqual([{ n: 3 }]);
  });

  it("refuses a publish outside the namespace, to a wildcard, of more than 5 events or of non-JSON", async () => {
    for (const [channel, events] of [
      ["/chat/x", ['{"n":1}']],
      ["/auctions/*", ['{"n":1}']],
      ["auctions/x", ['{"n":1}']],
      ["/auctions/x", ["{}", "{}", "{}", "{}", "{}", "{}"]],
      ["/auctions/x", [{ n: 1 }]],
    ] as const) {
      const response = await fetch(api.httpEndpoint, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": api.apiKey },
        body: JSON.stringify({ channel, events }),
      });
      expect(response.status, channel).toBe(400);
    }
    const notJson = await fetch(api.httpEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": api.apiKey },
      body: JSON.stringify({ channel: "/auctions/x", events: ["not json"] }),
    });
    expect(await notJson.json()).toEqual({
      failed: [{ identifier: expect.any(String), index: 0, code: 400, message: expect.any(String) }],
      successful: [],
    });
  });

  it("refuses a subscribe outside the namespace, with a wrong key or a wildcard inside a path", async () => {
    const client = await connect();
    const outside = await client.subscribe("/chat/x");
    expect(outside).toEqual({
      type: "subscribe_error",
      id: outside.id,
      errors: [{ errorType: "BadRequestException", message: expect.any(String) }],
    });
    expect((await client.subscribe("/*")).type).toBe("subscribe_error");
    expect((await client.subscribe("/auctions/*/bids")).type).toBe("subscribe_error");
    const wrongKey = await client.subscribe("/auctions/e1", { apiKey: "da2-wrong" });
    expect(wrongKey.type).toBe("subscribe_error");
    expect((wrongKey.errors as Array<{ errorType: string }>)[0]!.errorType).toBe("UnauthorizedException");
  });

  it("refuses the handshake without the aws-appsync-event-ws subprotocol or with a wrong key", async () => {
    await expect(connectEventsClient(api, "da2-wrong")).rejects.toThrow(/401/);
    const { default: WebSocket } = await import("ws");
    const bare = new WebSocket(api.realtimeEndpoint, [
      headerProtocol({ host: api.host, "x-api-key": api.apiKey }),
    ]);
    const refused = await new Promise<number>((resolve) => {
      bare.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      bare.once("open", () => resolve(101));
    });
    expect(refused).toBe(400);
  });
});
