/**
 * The direct path's AWS adapter: one asynchronous (`Event`) invocation of the broadcaster named by the
 * environment, carrying the message as `{liveUpdate}`. Checked against a local stand-in of Lambda's
 * Invoke endpoint (AWS_ENDPOINT_URL_LAMBDA), which the SDK client reads when it is first built.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BidPlacedMessage } from "#shared/schemas/auctions";
import { lambdaLiveHandoff } from "../../../functions/adapters/realtime/lambda-live-handoff.ts";

interface Received {
  method: string;
  url: string;
  invocationType: string | undefined;
  body: unknown;
}

const received: Received[] = [];
let status = 202;
let server: Server;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      method: req.method ?? "",
      url: req.url ?? "",
      invocationType: req.headers["x-amz-invocation-type"] as string | undefined,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    res.writeHead(status, { "content-type": "application/json" });
    res.end(status === 202 ? "" : JSON.stringify({ message: "Rate exceeded" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const env = {
    AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
  };
  for (const [name, value] of Object.entries(env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const message: BidPlacedMessage = {
  type: "bid_placed",
  auctionId: "a-1",
  status: "active",
  currentPrice: "1.01",
  totalBids: 1,
  endsAt: "2030-01-01T00:00:10.000Z",
  lastBidder: { username: "ann" },
  serverTime: "2030-01-01T00:00:00.000Z",
  ledgerHead: "h".repeat(64),
  locked: false,
  auto: false,
  winnerId: null,
  finalPrice: null,
};

describe("handing a live update to the broadcaster in AWS", () => {
  it("invokes the named function asynchronously with {liveUpdate}", async () => {
    status = 202;
    await lambdaLiveHandoff("penny-auction-dev-realtime-broadcaster").handOff(message);
    expect(received.at(-1)).toEqual({
      method: "POST",
      url: "/2015-03-31/functions/penny-auction-dev-realtime-broadcaster/invocations",
      invocationType: "Event",
      body: { liveUpdate: message },
    });
  });

  it("fails when Lambda refuses, so the caller logs it and the stream delivers", async () => {
    status = 429;
    const before = received.length;
    await expect(
      lambdaLiveHandoff("penny-auction-dev-realtime-broadcaster").handOff(message),
    ).rejects.toThrow();
    // One attempt: a retry's backoff would hold the bid's answer.
    expect(received.length - before).toBe(1);
  });
});
