/**
 * The ledger in pages: GET /api/auctions/{id}/ledger?from=&limit= answers entries from..from+limit-1
 * with the hash they chain from, the chain's length and head, and the next page; each page's work in
 * DynamoDB is bounded by its limit (one Query with that Limit, the auction item and the entry before);
 * an ended auction's pages are immutable at the edge; verify:ledger walks the pages and resumes.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { LedgerPage } from "#shared/schemas/ledger";
import { anonymous, bidOn, liveAuction, testUser } from "../auctions/fixtures.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import { tableCallsDuring } from "../support/table-calls.ts";

useFreshTable("fair-play-ledger-pages");
const gateway = useLocalGateway();

const page = (id: string, query = "") =>
  anonymous<LedgerPage>({ method: "GET", path: `/api/auctions/${id}/ledger${query}` });

interface Read {
  command: string;
  limit?: number;
  count: number;
}
/** Every DynamoDB call `run` makes: its command, the Query's Limit and the items it answered. */
async function reads(run: () => Promise<unknown>): Promise<Read[]> {
  return (await tableCallsDuring(run)).map(({ command, input, output }) => {
    const { Limit } = input as { Limit?: number };
    const { Count, Item } = (output ?? {}) as { Count?: number; Item?: unknown };
    return { command, ...(Limit === undefined ? {} : { limit: Limit }), count: Count ?? (Item ? 1 : 0) };
  });
}

async function auctionWithBids(count: number, options: Parameters<typeof liveAuction>[0] = {}) {
  const { auction } = await liveAuction(options);
  const [a, b] = [await testUser("buyer", count), await testUser("buyer", count)];
  for (let i = 0; i < count; i++) expect((await bidOn(i % 2 ? b : a, auction.id)).status).toBe(200);
  return auction;
}

describe("the ledger in pages", () => {
  it("pages the chain: each page chains from the entry before it, the last reaches the head", async () => {
    const auction = await auctionWithBids(7);
    const whole = (await page(auction.id)).body;
    expect(whole.entries.map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(whole).toMatchObject({ totalEntries: 7, nextFrom: null, head: whole.entries[6]!.hash });

    const first = (await page(auction.id, "?limit=3")).body;
    expect(first.entries).toEqual(whole.entries.slice(0, 3));
    expect(first).toMatchObject({
      previousHash: whole.previousHash,
      nextFrom: 4,
      totalEntries: 7,
      head: whole.head,
    });
    const second = (await page(auction.id, "?from=4&limit=3")).body;
    expect(second.entries).toEqual(whole.entries.slice(3, 6));
    expect(second).toMatchObject({ previousHash: whole.entries[2]!.hash, nextFrom: 7 });
    const last = (await page(auction.id, "?from=7&limit=3")).body;
    expect(last.entries).toEqual(whole.entries.slice(6));
    expect(last).toMatchObject({ previousHash: whole.entries[5]!.hash, nextFrom: null, head: whole.head });
    // One past the end: nothing to read, and its previousHash is the head a verifier resumes from.
    const atHead = (await page(auction.id, "?from=8")).body;
    expect(atHead).toMatchObject({ entries: [], previousHash: whole.head, nextFrom: null, totalEntries: 7 });
    // The genesis and the fields of before pages are unchanged.
    expect(second.genesis).toEqual(whole.genesis);
    expect(second).toMatchObject({ auctionId: auction.id, algorithm: "sha256" });
  });

  it("reads at most limit bids a page: one Query with that Limit, the auction item and the entry before", async () => {
    const auction = await auctionWithBids(9);
    const middle = await reads(() => page(auction.id, "?from=4&limit=3"));
    expect(middle.filter((r) => r.command === "QueryCommand")).toEqual([
      { command: "QueryCommand", limit: 3, count: 3 },
    ]);
    // The auction (its length and head) and entry 3 (the page's previousHash), by key; then the
    // page's bidders' account times (their badges) in one BatchGet.
    expect(middle.filter((r) => r.command !== "QueryCommand")).toEqual([
      { command: "GetItemCommand", count: 1 },
      { command: "GetItemCommand", count: 1 },
      { command: "BatchGetItemCommand", count: 0 },
    ]);
    const last = await reads(() => page(auction.id, "?from=8&limit=5"));
    expect(last.filter((r) => r.command === "QueryCommand")).toEqual([
      { command: "QueryCommand", limit: 2, count: 2 },
    ]);
    const defaulted = await reads(() => page(auction.id));
    expect(defaulted.filter((r) => r.command === "QueryCommand")).toEqual([
      { command: "QueryCommand", limit: 9, count: 9 },
    ]);
    expect(defaulted.filter((r) => r.command === "BatchGetItemCommand")).toHaveLength(1);
    expect(defaulted.reduce((n, r) => n + r.count, 0)).toBe(10);
  });

  it("refuses a bad from or limit with 400 and reads no bid", async () => {
    const auction = await auctionWithBids(2);
    const cases: [string, string][] = [
      ["?from=0", "from: from must be a whole number of 1 or more"],
      ["?from=abc", "from: from must be a whole number of 1 or more"],
      ["?from=1.5", "from: from must be a whole number of 1 or more"],
      ["?limit=0", "limit: limit must be a whole number from 1 to 5000"],
      ["?limit=5001", "limit: limit must be a whole number from 1 to 5000"],
      ["?limit=x", "limit: limit must be a whole number from 1 to 5000"],
      ["?from=4", "from must be at most 3: the ledger has 2 entries"],
    ];
    for (const [query, message] of cases) {
      let res: Awaited<ReturnType<typeof page>> | undefined;
      const calls = await reads(async () => {
        res = await page(auction.id, query);
      });
      expect(res!.status, query).toBe(400);
      expect((res!.body as unknown as { message: string }).message, query).toBe(message);
      expect(res!.headers["cache-control"]).toBe("no-store");
      expect(calls.filter((r) => r.command === "QueryCommand")).toEqual([]);
    }
    expect((await page("no-such-auction", "?from=2")).status).toBe(404);
  });

  it("lets the edge keep an ended auction's pages for good, a live one's for a second", async () => {
    const live = await auctionWithBids(2);
    expect((await page(live.id)).headers["cache-control"]).toBe("public, max-age=0, s-maxage=1");

    const { auction } = await liveAuction({ durationSeconds: 30, extensionSeconds: 1 });
    const buyer = await testUser("buyer", 1);
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    const before = await page(auction.id);
    expect(before.headers["cache-control"]).toBe("public, max-age=0, s-maxage=1");
    const over = (await anonymous<{ endsAt: string }>({ method: "GET", path: `/api/auctions/${auction.id}` }))
      .body;
    moveClockPast(Date.parse(over.endsAt));
    // A read after the end finalizes it.
    const ended = await anonymous<{ status: string }>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(ended.body.status).toBe("won");
    const after = await page(auction.id);
    expect(after.headers["cache-control"]).toBe("public, max-age=31536000, s-maxage=31536000, immutable");
    // The same chain; once won it also carries its economics, fixed at the end like the chain.
    expect(after.body).toEqual({ ...before.body, economics: expect.objectContaining({ bids: 1 }) });
  });
});

describe("npm run verify:ledger against the API", () => {
  const run = promisify(execFile);
  const verify = async (args: string[]) => {
    try {
      const { stdout } = await run("npx", ["tsx", "scripts/verify-ledger.ts", ...args]);
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  it("walks the pages to the head, prints a checkpoint, and resumes from it", async () => {
    const auction = await auctionWithBids(5);
    const head = (await page(auction.id)).body.head;
    const whole = await verify([auction.id, "--api", gateway.url, "--limit", "2"]);
    expect(whole).toEqual({
      code: 0,
      out: `OK: 5 bids, head ${head}\ncheckpoint: --from 6 --hash ${head}\n`,
    });

    const entry3 = (await page(auction.id, "?from=3&limit=1")).body.entries[0]!.hash;
    const resumed = await verify([
      auction.id,
      "--api",
      gateway.url,
      "--limit",
      "2",
      "--from",
      "4",
      "--hash",
      entry3,
    ]);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toContain(`OK: 2 bids from entry 4, head ${head}`);

    const wrong = await verify([auction.id, "--api", gateway.url, "--from", "4", "--hash", head]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain(
      "BROKEN at entry 4: the page from entry 4 does not chain from the hash before it",
    );
  }, 90_000);
});
