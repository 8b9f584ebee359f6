import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyWebsocketEventV2,
  DynamoDBStreamEvent,
} from "aws-lambda";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { localDynamoClient } from "../../scripts/local/dynamo.ts";
import { type Gateway, startGateway } from "../../scripts/local/gateway.ts";
import type { WebsocketConnectEvent, WebsocketDisconnectEvent } from "../../scripts/local/socket-events.ts";
import { type StreamPoller, startStreamPoller } from "../../scripts/local/stream-poller.ts";
import { recordingLoader } from "../support/fake-loader.ts";
import { useFreshTable } from "./support/fresh-table.ts";
import { useLocalGateway } from "./support/local-gateway.ts";

const table = useFreshTable("gateway");
const quiet = () => {};

const fake = recordingLoader({
  "auth/login": async (event: APIGatewayProxyEventV2) => ({
    statusCode: 200,
    headers: { "content-type": "application/json" },
    cookies: ["sid=abc; Path=/; HttpOnly", "other=1; Path=/"],
    body: JSON.stringify({ cookies: event.cookies, body: event.body, routeKey: event.routeKey }),
  }),
  "auctions/get-auction": async (event: APIGatewayProxyEventV2) => ({ id: event.pathParameters?.id }),
  "auctions/place-bid": async () => {
    throw new Error("boom at /secret/path.ts:12");
  },
  "realtime/connect": async (event: WebsocketConnectEvent) => {
    const cookie = Object.entries(event.headers).find(([k]) => k.toLowerCase() === "cookie")?.[1] ?? "";
    return cookie.includes("sid=") ? { statusCode: 200 } : { statusCode: 401, body: '{"message":"Sign in"}' };
  },
  "realtime/default": async (event: APIGatewayProxyWebsocketEventV2) => ({
    statusCode: 200,
    body: JSON.stringify({ echo: event.body }),
  }),
  "realtime/disconnect": async () => ({ statusCode: 200 }),
  "auctions/close-auction": async () => {},
  "realtime/broadcaster": async () => ({ batchItemFailures: [] }),
});

let gateway: Gateway;
let management: ApiGatewayManagementApiClient;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  gateway = await startGateway({ port: 0, loader: fake.loader, log: quiet, twoWayDefaultRoute: true });
  management = new ApiGatewayManagementApiClient({
    endpoint: gateway.url,
    region: "us-east-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
});
afterEach(() => {
  for (const ws of sockets.splice(0)) ws.terminate();
});
afterAll(async () => {
  management?.destroy();
  await gateway?.close();
});

function openSocket(headers: Record<string, string> = { cookie: "sid=token" }) {
  const ws = new WebSocket(`${gateway.url.replace("http", "ws")}/ws`, { headers });
  sockets.push(ws);
  const messages: string[] = [];
  ws.on("message", (data) => messages.push(data.toString()));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  /** The first message to arrive after the call. */
  const nextMessage = () =>
    new Promise<string>((resolve) => ws.once("message", (data) => resolve(data.toString())));
  return { ws, opened, messages, nextMessage };
}

async function connectionIdOf(n: number) {
  const event = await fake.waitFor<WebsocketConnectEvent>("realtime/connect", n);
  return event.requestContext.connectionId;
}

describe("HTTP API", () => {
  it("answers an unknown /api path with 404 JSON", async () => {
    const res = await fetch(`${gateway.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it("answers a known path with the wrong method with 405 JSON and Allow", async () => {
    const res = await fetch(`${gateway.url}/api/auth/login`, { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toEqual({ message: "Method not allowed" });
  });

  it("builds a payload 2.0 event and returns every Set-Cookie", async () => {
    const res = await fetch(`${gateway.url}/api/auth/login?x=1&x=2`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "a=1; b=2" },
      body: JSON.stringify({ username: "u" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(["sid=abc; Path=/; HttpOnly", "other=1; Path=/"]);
    expect(await res.json()).toEqual({
      cookies: ["a=1", "b=2"],
      body: '{"username":"u"}',
      routeKey: "POST /api/auth/login",
    });
    const event = fake.events<APIGatewayProxyEventV2>("auth/login").at(-1)!;
    expect(event.version).toBe("2.0");
    expect(event.rawQueryString).toBe("x=1&x=2");
    expect(event.queryStringParameters).toEqual({ x: "1,2" });
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.http).toMatchObject({
      method: "POST",
      path: "/api/auth/login",
      sourceIp: "127.0.0.1",
    });
    expect(event.isBase64Encoded).toBe(false);
  });

  it("passes path parameters and wraps a bare return value as 200 JSON", async () => {
    const res = await fetch(`${gateway.url}/api/auctions/abc-123`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "abc-123" });
  });

  it("turns a thrown handler error into 500 JSON without a stack", async () => {
    const res = await fetch(`${gateway.url}/api/auctions/abc/bid`, { method: "POST" });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: "Internal Server Error" });
    expect(text).not.toContain("secret");
  });

  it("answers 501 JSON while a handler module does not exist", async () => {
    const res = await fetch(`${gateway.url}/api/bid-packages`);
    expect(res.status).toBe(501);
    expect((await res.json()).message).toContain("payments/list-bid-packages");
  });

  it("hides local-payments-only routes when Stripe is the provider", async () => {
    const path = `${gateway.url}/api/dev/payments/pi_1/confirm`;
    const before = process.env.PAYMENT_PROVIDER;
    try {
      process.env.PAYMENT_PROVIDER = "stripe";
      expect((await fetch(path, { method: "POST" })).status).toBe(404);
      process.env.PAYMENT_PROVIDER = "local";
      expect((await fetch(path, { method: "POST" })).status).toBe(501);
    } finally {
      process.env.PAYMENT_PROVIDER = before;
    }
  });
});

describe("WebSocket API", () => {
  it("connects through $connect, and the management API reaches the socket", async () => {
    const before = fake.events("realtime/connect").length;
    const client = openSocket({ cookie: "sid=token", "user-agent": "test-agent" });
    await client.opened;
    const id = await connectionIdOf(before + 1);
    const connect = fake.events<WebsocketConnectEvent>("realtime/connect").at(-1)!;
    expect(connect.requestContext).toMatchObject({ eventType: "CONNECT", routeKey: "$connect", stage: "ws" });
    expect(gateway.connectionIds()).toContain(id);

    const message = client.nextMessage();
    await management.send(
      new PostToConnectionCommand({ ConnectionId: id, Data: JSON.stringify({ type: "bid_placed" }) }),
    );
    expect(JSON.parse(await message)).toEqual({ type: "bid_placed" });

    const info = await management.send(new GetConnectionCommand({ ConnectionId: id }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity?.UserAgent).toBe("test-agent");
  });

  it("routes frames to $default and, on a two-way route, sends its body back", async () => {
    const client = openSocket();
    await client.opened;
    const reply = client.nextMessage();
    client.ws.send('{"action":"ping"}');
    expect(JSON.parse(await reply)).toEqual({ echo: '{"action":"ping"}' });
    const event = fake.events<APIGatewayProxyWebsocketEventV2>("realtime/default").at(-1)!;
    expect(event.requestContext).toMatchObject({ eventType: "MESSAGE", routeKey: "$default" });
  });

  it("rejects the upgrade when $connect answers non-2xx", async () => {
    const client = openSocket({});
    await expect(client.opened).rejects.toThrow("HTTP 401");
  });

  it("answers 410 GoneException for a connection that is gone, and DeleteConnection closes it", async () => {
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: "Tm9TdWNoQ29ubg=", Data: "x" })),
    ).rejects.toBeInstanceOf(GoneException);

    const before = fake.events("realtime/connect").length;
    const disconnectsBefore = fake.events("realtime/disconnect").length;
    const client = openSocket();
    await client.opened;
    const id = await connectionIdOf(before + 1);
    const closed = new Promise<number>((resolve) => client.ws.once("close", (code) => resolve(code)));
    await management.send(new DeleteConnectionCommand({ ConnectionId: id }));
    expect(await closed).toBe(1000);
    const disconnect = await fake.waitFor<WebsocketDisconnectEvent>(
      "realtime/disconnect",
      disconnectsBefore + 1,
    );
    expect(disconnect.requestContext).toMatchObject({ eventType: "DISCONNECT", connectionId: id });
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: id, Data: "x" })),
    ).rejects.toSatisfy(
      (error: Error) => error instanceof GoneException && error.$metadata.httpStatusCode === 410,
    );
  });
});

describe("local scheduler", () => {
  it("invokes the closer with the payload at the time, and DELETE cancels", async () => {
    const before = fake.events("auctions/close-auction").length;
    const post = (name: string, at: number, auctionId: string) =>
      fetch(`${gateway.url}/@schedules`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, at: new Date(at).toISOString(), payload: { auctionId } }),
      });
    expect((await post("auction-a", Date.now() + 150, "a")).status).toBe(201);
    // Far enough ahead that the DELETE lands first on a loaded machine (two files at a time in CI):
    // at 150 ms it could fire before its DELETE was even sent.
    const bAt = Date.now() + 2_000;
    expect((await post("auction-b", bAt, "b")).status).toBe(201);
    expect((await fetch(`${gateway.url}/@schedules/auction-b`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${gateway.url}/@schedules/auction-b`, { method: "DELETE" })).status).toBe(404);
    expect(await fake.waitFor("auctions/close-auction", before + 1)).toEqual({ auctionId: "a" });
    // A later schedule: timers fire in time order, so the canceled one would have fired before it.
    expect((await post("auction-c", Math.max(Date.now(), bAt) + 150, "c")).status).toBe(201);
    expect(await fake.waitFor("auctions/close-auction", before + 2, 15_000)).toEqual({ auctionId: "c" });
    expect(fake.events("auctions/close-auction").slice(before)).toEqual([
      { auctionId: "a" },
      { auctionId: "c" },
    ]);
    expect((await post("bad name!", Date.now(), "x")).status).toBe(400);
  });
});

describe("stream poller", () => {
  let poller: StreamPoller;
  beforeAll(async () => {
    poller = await startStreamPoller({
      endpoint: table.endpoint,
      tableName: table.name,
      loader: fake.loader,
      log: quiet,
    });
  });
  afterAll(() => poller?.stop());

  it("hands the broadcaster real DynamoDBStreamEvent batches", async () => {
    const client = localDynamoClient(table.endpoint);
    await client.send(
      new PutItemCommand({
        TableName: table.name,
        Item: {
          pk: { S: "AUCTION#1" },
          sk: { S: "STATE" },
          priceCents: { N: "51" },
          img: { B: Buffer.from("hi") },
        },
      }),
    );
    client.destroy();
    const event = await fake.waitFor<DynamoDBStreamEvent>("realtime/broadcaster", 1, 10_000);
    const record = event.Records[0]!;
    expect(record).toMatchObject({
      eventName: "INSERT",
      eventSource: "aws:dynamodb",
      eventVersion: "1.1",
      eventSourceARN: poller.streamArn,
      dynamodb: {
        Keys: { pk: { S: "AUCTION#1" }, sk: { S: "STATE" } },
        NewImage: { priceCents: { N: "51" }, img: { B: Buffer.from("hi").toString("base64") } },
        StreamViewType: "NEW_AND_OLD_IMAGES",
      },
    });
    expect(typeof record.dynamodb?.ApproximateCreationDateTime).toBe("number");
  });
});

describe("with the real handlers", () => {
  const local = useLocalGateway();
  it("a socket says hello and gets connected back through the management API", async () => {
    const ws = new WebSocket(`${local.url.replace("http", "ws")}/ws`);
    sockets.push(ws);
    const reply = new Promise<string>((resolve) => ws.once("message", (data) => resolve(data.toString())));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    ws.send(JSON.stringify({ type: "hello" }));
    expect(JSON.parse(await reply)).toMatchObject({ type: "connected", serverTime: expect.any(String) });
  });

  it("GET /api/auth/me without a session is 401 JSON", async () => {
    const res = await fetch(`${local.url}/api/auth/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
  });

  it("with the origin lock on, only requests carrying the site's secret reach the API and the socket", async () => {
    process.env.ORIGIN_SECRET = "the-site-secret";
    try {
      // Straight to the API (as anyone who found the execute-api URL would): 403, whatever they forge.
      const attempts: Record<string, string>[] = [
        {},
        { "x-origin-verify": "a-guess" },
        { "x-viewer-address": "203.0.113.9" },
      ];
      for (const headers of attempts) {
        const res = await fetch(`${local.url}/api/auctions`, { headers });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: "Requests must come through the site" });
      }
      const login = await fetch(`${local.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-viewer-address": "203.0.113.9" },
        body: JSON.stringify({ username: "someone", password: "wrong-password" }),
      });
      expect(login.status).toBe(403);
      // Through the site.
      const through = await fetch(`${local.url}/api/auth/me`, {
        headers: { "x-origin-verify": "the-site-secret" },
      });
      expect(through.status).toBe(401);

      // Not kept for afterEach: terminating a refused handshake would throw.
      const refused = new WebSocket(`${local.url.replace("http", "ws")}/ws`);
      refused.on("error", () => {});
      const status = await new Promise<number>((resolve, reject) => {
        refused.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        refused.once("open", () => reject(new Error("the socket opened without the secret")));
      });
      expect(status).toBe(403);
      const accepted = new WebSocket(`${local.url.replace("http", "ws")}/ws`, {
        headers: { "x-origin-verify": "the-site-secret" },
      });
      sockets.push(accepted);
      await new Promise((resolve, reject) => {
        accepted.once("open", resolve);
        accepted.once("error", reject);
      });
    } finally {
      delete process.env.ORIGIN_SECRET;
    }
  });
});
