import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { dynamoLocalCommand } from "../../scripts/local/dynamo.ts";
import { type Gateway, startGateway } from "../../scripts/local/gateway.ts";
import { devProxy } from "../../web/dev-proxy.ts";
import { recordingLoader } from "../support/fake-loader.ts";

/**
 * The local addresses listening on `port`, read from the kernel's socket tables (no traffic sent):
 * hex as /proc/net/tcp{,6} write them, e.g. 0100007F (127.0.0.1) or 00000000 (every interface).
 */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const LISTEN = "0A";
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === LISTEN)
      .map((cols) => cols[1]!.split(":")[0]!),
  );
}

/** 127.0.0.1 in IPv4, or as the IPv4-mapped IPv6 address ::ffff:127.0.0.1, as the kernel writes them. */
const LOOPBACK = new Set(["0100007F", "0000000000000000FFFF00000100007F"]);

describe("DynamoDB Local", () => {
  it("is started through the loopback launcher, with telemetry off", () => {
    const { args } = dynamoLocalCommand({ port: 8000, path: null });
    expect(args).toContain("LoopbackDynamoDBLocal");
    expect(args).toContain("-disableTelemetry");
  });

  it("listens on 127.0.0.1 only", () => {
    const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
    const addresses = listeningAddresses(port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK.has(address), address).toBe(true);
  });
});

describe("the site's dev proxy in front of the local gateway", () => {
  const fake = recordingLoader({
    "config/get-config": async () => ({ statusCode: 200, body: "{}" }),
    "realtime/connect": async () => ({ statusCode: 200 }),
    "realtime/default": async () => ({ statusCode: 200 }),
    "realtime/disconnect": async () => ({ statusCode: 200 }),
  });
  let gateway: Gateway;
  let site: ViteDevServer;
  let siteUrl: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    gateway = await startGateway({ port: 0, loader: fake.loader, log: () => {} });
    site = await createServer({
      configFile: false,
      root: mkdtempSync(join(tmpdir(), "site-")),
      logLevel: "silent",
      server: { host: "127.0.0.1", port: 0, proxy: devProxy(gateway.port, "the-site-secret"), ws: false },
    });
    await site.listen();
    siteUrl = site.resolvedUrls!.local[0]!.replace(/\/$/, "");
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await site?.close();
    await gateway?.close();
  });

  async function openSocket(url: string, headers: Record<string, string> = {}) {
    const ws = new WebSocket(url, { headers });
    sockets.push(ws);
    const messages: string[] = [];
    ws.on("message", (data) => messages.push(data.toString()));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    return messages;
  }

  it("never reaches the socket management API from under /api", async () => {
    const messages = await openSocket(`${gateway.url.replace("http", "ws")}/ws`);
    const [id] = gateway.connectionIds();
    for (const path of [`/api/x/@connections/${id}`, `/api/@connections/${id}`, "/api/x/@connections/abc"]) {
      const res = await fetch(`${siteUrl}${path}`, { method: "POST", body: "hijacked" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("x-amzn-errortype"), path).toBeNull();
      // Straight to the gateway too: an /api path is an API path, whatever it ends with.
      const direct = await fetch(`${gateway.url}${path}`, { method: "POST", body: "hijacked" });
      expect(direct.status, path).toBe(404);
    }
    // The management API itself still answers at its own root, as the broadcaster uses it.
    const own = await fetch(`${gateway.url}/@connections/${encodeURIComponent(id!)}`, {
      method: "POST",
      body: "hello",
    });
    expect(own.status).toBe(200);
    await expect.poll(() => messages).toEqual(["hello"]);
  });

  it("drops a client-sent x-viewer-address on the API and the socket, keeping the origin secret", async () => {
    const res = await fetch(`${siteUrl}/api/config`, { headers: { "x-viewer-address": "203.0.113.9" } });
    expect(res.status).toBe(200);
    const [event] = fake.events<{ headers: Record<string, string> }>("config/get-config");
    expect(event!.headers["x-viewer-address"]).toBeUndefined();
    expect(event!.headers["x-origin-verify"]).toBe("the-site-secret");

    await openSocket(`${siteUrl.replace("http", "ws")}/ws`, { "x-viewer-address": "203.0.113.9" });
    const connect = await fake.waitFor<{ headers: Record<string, string> }>("realtime/connect", 2);
    expect(connect.headers["x-viewer-address"]).toBeUndefined();
    expect(connect.headers["x-origin-verify"]).toBe("the-site-secret");
  });
});
