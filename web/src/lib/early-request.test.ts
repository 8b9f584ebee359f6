import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./api-client.ts";
import { EARLY_REQUEST_GLOBAL, startAppWithEarlyAnswer } from "./early-request.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the boot script's early request", () => {
  it("is adopted by the first read of its URL, once, with the time its answer arrived", async () => {
    const fetch = vi.fn(async () => json([{ id: "fresh" }]));
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("window", {
      [EARLY_REQUEST_GLOBAL]: {
        url: "/api/auctions",
        response: Promise.resolve({ response: json([{ id: "early" }]), receivedAt: 1234 }),
      },
    });
    expect(await api.getTimed("/api/auctions")).toEqual({ data: [{ id: "early" }], receivedAt: 1234 });
    expect(fetch).not.toHaveBeenCalled();
    // The next read (a poll) asks the server.
    expect((await api.getTimed("/api/auctions")).data).toEqual([{ id: "fresh" }]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is left alone by a read of another URL, and a refusal reads as any refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ id: "a1" })),
    );
    vi.stubGlobal("window", {
      [EARLY_REQUEST_GLOBAL]: {
        url: "/api/auctions/gone",
        response: Promise.resolve({ response: json({ message: "Auction not found" }, 404), receivedAt: 1 }),
      },
    });
    expect((await api.getTimed("/api/auctions/a1")).data).toEqual({ id: "a1" });
    await expect(api.getTimed("/api/auctions/gone")).rejects.toThrow(/^404: /);
  });

  it("tells the boot script the app has started, and hands over an auction's parsed answer if it is in", async () => {
    const early = {
      url: "/api/auctions/a1",
      response: Promise.resolve({ response: json({ id: "a1" }), receivedAt: 5 }),
      answer: { data: { id: "a1" }, receivedAt: 5 },
    } as { url: string; response: Promise<unknown>; answer?: unknown; appStarted?: boolean };
    vi.stubGlobal("window", { [EARLY_REQUEST_GLOBAL]: early });
    expect(startAppWithEarlyAnswer("/api/auctions/other")).toBeUndefined();
    expect(early.appStarted).toBe(true);
    expect(startAppWithEarlyAnswer("/api/auctions/a1")).toEqual({ data: { id: "a1" }, receivedAt: 5 });
    // The request itself is still there for the first read to adopt.
    vi.stubGlobal("fetch", vi.fn());
    expect((await api.getTimed("/api/auctions/a1")).data).toEqual({ id: "a1" });
  });
});
