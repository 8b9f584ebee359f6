/**
 * What one client may ask of the live-update socket (functions/domain/realtime-limits.ts): watch frames
 * are limited per connection per minute, only live auctions are watched (an id that is not one writes
 * nothing), only the ids that join or leave the set are written, and an address holds a bounded
 * number of sockets open.
 */
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { SocketMessage } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import {
  MAX_SOCKET_FRAMES,
  MAX_SOCKETS_PER_ADDRESS,
  SOCKET_FRAMES_MESSAGE,
  WATCH_FRAME_WINDOW_MS,
} from "../../../functions/domain/realtime-limits.ts";
import { handler as connect } from "../../../functions/handlers/realtime/connect.ts";
import { handler as disconnect } from "../../../functions/handlers/realtime/disconnect.ts";
import { getItem, liveAuction } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import { setAttributes } from "../support/raw-table.ts";
import { tableCallsDuring } from "../support/table-calls.ts";

useFreshTable("socket-limits");
const local = useLocalGateway();

const sockets: WebSocket[] = [];
afterAll(() => {
  for (const ws of sockets) ws.terminate();
});
afterEach(() => {
  vi.useRealTimers();
});

async function listen() {
  const before = new Set(local.gateway.connectionIds());
  const ws = new WebSocket(`${local.url.replace(/^http/, "ws")}/ws`);
  sockets.push(ws);
  const messages: SocketMessage[] = [];
  ws.on("message", (data) => messages.push(JSON.parse(String(data)) as SocketMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const id = local.gateway.connectionIds().find((c) => !before.has(c))!;
  /** Sends a frame and returns its answer (`connected`, `watching` or `error`). */
  async function send(frame: unknown) {
    const seen = messages.length;
    ws.send(JSON.stringify(frame));
    let answer: SocketMessage | undefined;
    await expect
      .poll(() => {
        answer = messages
          .slice(seen)
          .find((m) => m.type === "watching" || m.type === "error" || m.type === "connected");
        return answer;
      })
      .toBeDefined();
    return answer!;
  }
  const watch = (auctionIds: string[]) => send({ type: "watch", auctionIds });
  return { id, watch, send };
}

/** The table writes sent while `run` runs, by command and partition key prefix. */
async function writesDuring(run: () => Promise<unknown>): Promise<string[]> {
  return (await tableCallsDuring(run)).flatMap(({ command: name, input }) => {
    const command = /^(Put|Update|Delete)(Item)?Command$/.exec(name)?.[1];
    if (!command) return [];
    const item = input as { Key?: { pk?: string }; Item?: { pk?: string } };
    const pk = String(item.Key?.pk ?? item.Item?.pk ?? "");
    return [`${command} ${pk.slice(0, pk.indexOf("#") + 1)}`];
  });
}

// 121 sequential socket round trips, each with its table writes: fixed work, slow on a loaded machine.
const FRAME_BUDGET_TIMEOUT_MS = 60_000;

describe("watch frames", () => {
  it(
    `are limited to ${MAX_SOCKET_FRAMES} a minute per connection; the next minute opens again`,
    async () => {
      const start = Math.ceil(Date.now() / WATCH_FRAME_WINDOW_MS) * WATCH_FRAME_WINDOW_MS + 1000;
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const [{ auction: a }, { auction: b }] = await Promise.all([liveAuction(), liveAuction()]);
      const listener = await listen();
      for (let i = 0; i < MAX_SOCKET_FRAMES; i++) {
        const set = i % 2 === 0 ? [a.id] : [b.id];
        expect(await listener.watch(set)).toEqual({ type: "watching", auctionIds: set });
      }
      expect(await listener.watch([a.id])).toEqual({ type: "error", message: SOCKET_FRAMES_MESSAGE });
      // Refused: the set stays the last one accepted.
      expect((await getItem(keys.connection(listener.id)))?.watching).toEqual([b.id]);
      expect(await getItem(keys.watch(a.id, listener.id))).toBeUndefined();
      // Another connection has its own allowance.
      expect(await (await listen()).watch([a.id])).toEqual({ type: "watching", auctionIds: [a.id] });

      vi.setSystemTime(start + WATCH_FRAME_WINDOW_MS);
      expect(await listener.watch([a.id])).toEqual({ type: "watching", auctionIds: [a.id] });
    },
    FRAME_BUDGET_TIMEOUT_MS,
  );

  it(
    "every frame counts against the budget: hello, ping, a bad watch and a watch alike",
    async () => {
      const start = Math.ceil(Date.now() / WATCH_FRAME_WINDOW_MS) * WATCH_FRAME_WINDOW_MS + 1000;
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const { auction } = await liveAuction();
      const listener = await listen();
      const frames = [{ type: "hello" }, { type: "ping" }, { type: "watch", auctionIds: [""] }];
      for (let i = 0; i < MAX_SOCKET_FRAMES - 1; i++) {
        expect((await listener.send(frames[i % frames.length])).type).not.toBe("watching");
      }
      expect(await listener.watch([auction.id])).toEqual({ type: "watching", auctionIds: [auction.id] });
      const limited = { type: "error", message: SOCKET_FRAMES_MESSAGE };
      expect(await listener.send({ type: "hello" })).toEqual(limited);
      expect(await listener.send({ type: "ping" })).toEqual(limited);
      expect(await listener.watch([])).toEqual(limited);
      expect((await getItem(keys.connection(listener.id)))?.watching).toEqual([auction.id]);

      vi.setSystemTime(start + WATCH_FRAME_WINDOW_MS);
      expect((await listener.send({ type: "hello" })).type).toBe("connected");
    },
    FRAME_BUDGET_TIMEOUT_MS,
  );

  it("each id that is no auction counts against the budget too; ended auctions do not", async () => {
    const start = Math.ceil(Date.now() / WATCH_FRAME_WINDOW_MS) * WATCH_FRAME_WINDOW_MS + 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const [{ auction: live }, { auction: ended }] = await Promise.all([liveAuction(), liveAuction()]);
    await setAttributes(keys.auction(ended.id), { status: "ended" });
    const listener = await listen();
    const noise = Array.from({ length: 100 }, (_, i) => `not-an-auction-${i}`);
    // One frame, 100 unknown ids: 101 of the minute's frames spent.
    expect(await listener.watch([live.id, ended.id, ...noise.slice(0, 98)])).toEqual({
      type: "watching",
      auctionIds: [live.id],
    });
    const left = MAX_SOCKET_FRAMES - 1 - 98;
    for (let i = 0; i < left; i++) {
      expect((await listener.send({ type: "ping" })).type).toBe("connected");
    }
    expect(await listener.send({ type: "ping" })).toEqual({ type: "error", message: SOCKET_FRAMES_MESSAGE });
  });

  it("watch only live auctions: ids of ended or unknown auctions write nothing", async () => {
    const [{ auction: live }, { auction: ended }] = await Promise.all([liveAuction(), liveAuction()]);
    await setAttributes(keys.auction(ended.id), { status: "ended" });
    const listener = await listen();
    const unknown = Array.from({ length: 98 }, (_, i) => `no-such-auction-${i}`);
    expect(await listener.watch([ended.id, live.id, ...unknown])).toEqual({
      type: "watching",
      auctionIds: [live.id],
    });
    expect(await getItem(keys.watch(ended.id, listener.id))).toBeUndefined();
    expect(await getItem(keys.watch(unknown[0]!, listener.id))).toBeUndefined();
    expect(await getItem(keys.watch(live.id, listener.id))).toMatchObject({ connectionId: listener.id });

    // 100 ids that are not auctions: two writes (the count and the set), no watch item.
    const noise = Array.from({ length: 100 }, (_, i) => `made-up-${i}`);
    const writes = await writesDuring(() => listener.watch(noise));
    expect(writes.filter((w) => w.endsWith("WATCH#"))).toEqual(["Delete WATCH#"]);
    expect(writes.filter((w) => w.endsWith("CONN#"))).toHaveLength(2);
  });

  it("write only the ids that join or leave the set", async () => {
    const auctions = await Promise.all([liveAuction(), liveAuction(), liveAuction()]);
    const [a, b, c] = auctions.map((x) => x.auction.id) as [string, string, string];
    const listener = await listen();
    await listener.watch([a, b]);
    const same = await writesDuring(() => listener.watch([b, a]));
    expect(same.filter((w) => w.endsWith("WATCH#"))).toEqual([]);
    const moved = await writesDuring(() => listener.watch([b, c]));
    expect(moved.filter((w) => w.endsWith("WATCH#")).sort()).toEqual(["Delete WATCH#", "Put WATCH#"]);
    expect(await getItem(keys.watch(a, listener.id))).toBeUndefined();
    expect(await getItem(keys.watch(c, listener.id))).toBeDefined();
  });
});

describe("sockets per address", () => {
  const connectFrom = (connectionId: string, sourceIp: string, headers: Record<string, string> = {}) =>
    connect({ headers, requestContext: { connectionId, identity: { sourceIp } } });

  it(`hold at most ${MAX_SOCKETS_PER_ADDRESS} open at once, even 200 opened together`, async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => connectFrom(`burst-${i}`, "203.0.113.50")),
    );
    const accepted = results.flatMap((r, i) => (r.statusCode === 200 ? [`burst-${i}`] : []));
    expect(accepted).toHaveLength(MAX_SOCKETS_PER_ADDRESS);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(200 - MAX_SOCKETS_PER_ADDRESS);
    const refusedId = results.findIndex((r) => r.statusCode === 429);
    expect(await getItem(keys.connection(`burst-${refusedId}`))).toBeUndefined();

    // Another address is not affected; a closed socket frees its place.
    expect((await connectFrom("other-address", "203.0.113.51")).statusCode).toBe(200);
    expect((await connectFrom("one-more", "203.0.113.50")).statusCode).toBe(429);
    await disconnect({ requestContext: { connectionId: accepted[0]! } });
    expect((await connectFrom("one-more", "203.0.113.50")).statusCode).toBe(200);
  });

  it("count the viewer's address CloudFront passes on, not the edge's", async () => {
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) {
      const res = await connectFrom(`edge-${i}`, "198.51.100.1", { "x-viewer-address": "192.0.2.7" });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await connectFrom("edge-full", "198.51.100.1", { "x-viewer-address": "192.0.2.7" })).statusCode,
    ).toBe(429);
    expect(
      (await connectFrom("edge-other", "198.51.100.1", { "x-viewer-address": "192.0.2.8" })).statusCode,
    ).toBe(200);
  });
});
