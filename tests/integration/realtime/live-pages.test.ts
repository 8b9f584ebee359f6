/**
 * The public live list in pages: GET /api/auctions?limit=&cursor= answers the
 * product's bare array, names the next page in headers, reads at most `limit` index keys per page, and
 * walking the pages gives the whole list in its order (ending soonest first), even when a bid has moved
 * an auction's end past another's.
 */
import { describe, expect, it } from "vitest";
import { NEXT_CURSOR_HEADER } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { Page } from "#shared/schemas/pages";
import { INVALID_CURSOR } from "../../../functions/adapters/dynamo/index-pages.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { anonymous, bidOn, getItem, liveAuction, testUser } from "../auctions/fixtures.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { queryLimitsDuring as queryLimits } from "../support/table-calls.ts";

useFreshTable("live-pages");

type Listed = Awaited<ReturnType<typeof anonymous<AuctionSummary[]>>>;

async function walk(limit: number): Promise<Listed[]> {
  const pages: Listed[] = [];
  let path = `/api/auctions?limit=${limit}`;
  for (;;) {
    const res = await anonymous<AuctionSummary[]>({ method: "GET", path });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res);
    const next = res.headers[NEXT_CURSOR_HEADER];
    if (!next) return pages;
    path = `/api/auctions?limit=${limit}&cursor=${encodeURIComponent(next)}`;
    expect(pages.length).toBeLessThan(20);
  }
}

describe("the live list in pages", () => {
  it("walks every live auction once, ending soonest first, as the whole list orders them", async () => {
    // Scheduled ends 40 min, 10 min, 50 min, 20 min, 30 min away.
    for (const minutes of [40, 10, 50, 20, 30]) await liveAuction({ durationSeconds: minutes * 60 });
    // Two auctions already inside a 60 s extension window: a bid on the first (scheduled to end sooner)
    // moves its end to now + 60 s, past the second's scheduled end.
    const { auction: early } = await liveAuction({ durationSeconds: 20, extensionSeconds: 60 });
    const { auction: later } = await liveAuction({ durationSeconds: 40, extensionSeconds: 60 });
    expect((await bidOn(await testUser("buyer", 1), early.id)).status).toBe(200);

    const whole = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(whole.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect(whole.body).toHaveLength(7);
    const ends = whole.body.map((a) => Date.parse(a.endsAt));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(whole.body.slice(0, 2).map((a) => a.id)).toEqual([later.id, early.id]);

    const pages = await walk(2);
    expect(pages.map((p) => p.body.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap((p) => p.body.map((a) => a.id))).toEqual(whole.body.map((a) => a.id));
    expect(pages.flatMap((p) => p.body)).toEqual(
      whole.body.map((a) => ({ ...a, serverTime: expect.any(String) })),
    );
    const first = pages[0]!;
    const cursor = first.headers[NEXT_CURSOR_HEADER]!;
    expect(first.headers.link).toBe(
      `</api/auctions?limit=2&cursor=${encodeURIComponent(cursor)}>; rel="next"`,
    );
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=1");
    expect(pages.at(-1)!.headers.link).toBeUndefined();
  });

  it("reads at most limit keys a page, and 20 when only a cursor is given", async () => {
    for (let i = 0; i < 23; i++) await liveAuction({ durationSeconds: 3600 + i });
    const limits = await queryLimits(() => anonymous({ method: "GET", path: "/api/auctions?limit=3" }));
    expect(limits).toEqual([3]);

    const first = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions?limit=1" });
    const cursor = first.headers[NEXT_CURSOR_HEADER]!;
    let second: Listed | undefined;
    const defaulted = await queryLimits(async () => {
      second = await anonymous<AuctionSummary[]>({
        method: "GET",
        path: `/api/auctions?cursor=${encodeURIComponent(cursor)}`,
      });
    });
    expect(defaulted).toEqual([20]);
    expect(second!.body).toHaveLength(20);
    expect(second!.body.map((a) => a.id)).not.toContain(first.body[0]!.id);
  });

  it("returns an auction found over once, finalized, and never again", async () => {
    const { auction: over } = await liveAuction({ durationSeconds: 30 });
    const { auction: open } = await liveAuction({ durationSeconds: 3600 });
    moveClockPast(over.endsAt);

    // The table holds the earlier tests' auctions too (one table per file): look at these two.
    const mine = (list: AuctionSummary[]) => list.filter((a) => a.id === over.id || a.id === open.id);
    const first = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions?limit=100" });
    expect(first.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect(mine(first.body).map((a) => [a.id, a.status])).toEqual([
      [over.id, "ended"],
      [open.id, "active"],
    ]);
    expect(await getItem(keys.auction(over.id))).not.toHaveProperty("gsi3pk");
    expect(await getItem(keys.auction(open.id))).toMatchObject({ gsi3pk: "AUCTIONS#live" });

    const again = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions?limit=100" });
    expect(mine(again.body).map((a) => a.id)).toEqual([open.id]);
  });

  it("refuses a bad limit or another list's cursor with 400, and answers the unpaged list as before", async () => {
    for (const limit of ["0", "101", "abc", "2.5"]) {
      const res = await anonymous<{ message: string }>({
        method: "GET",
        path: `/api/auctions?limit=${limit}`,
      });
      expect(res.status, limit).toBe(400);
      expect(res.body.message).toBe("limit: limit must be a whole number from 1 to 100");
    }
    const admin = await testUser("admin");
    const adminPage = await admin.call<Page<unknown>>({ method: "GET", path: "/api/admin/auctions?limit=1" });
    const foreign = adminPage.body.nextCursor!;
    for (const cursor of ["not-base64-json", foreign]) {
      const limits = await queryLimits(async () => {
        const res = await anonymous<{ message: string }>({
          method: "GET",
          path: `/api/auctions?cursor=${encodeURIComponent(cursor)}`,
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(INVALID_CURSOR);
      });
      expect(limits).toEqual([]);
    }
    const whole = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const walked = await walk(7);
    // The earlier tests' auctions of 20-60 s may end between the two reads on a slow machine: compare
    // the ones that stay live for the next ten minutes.
    const lasting = (list: AuctionSummary[]) =>
      list.filter((a) => Date.parse(a.endsAt) > Date.now() + 10 * 60_000).map((a) => a.id);
    expect(lasting(walked.flatMap((p) => p.body))).toEqual(lasting(whole.body));
    expect(lasting(whole.body).length).toBeGreaterThan(20);
  });
});
