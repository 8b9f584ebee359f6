import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { AuctionLedger } from "#shared/schemas/ledger";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { anonymous, bidOn, getItem, liveAuction, testUser } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("fair-play-ledger");

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const readLedger = (id: string) =>
  anonymous<AuctionLedger>({ method: "GET", path: `/api/auctions/${id}/ledger` });

/** An independent reading of the published canonical form, kept apart from the product's code. */
function recompute(ledger: AuctionLedger): string[] {
  let previous = sha(
    `${ledger.auctionId}|${cents(ledger.genesis.startingPrice)}|${Date.parse(ledger.genesis.startedAt)}`,
  );
  const hashes = [previous];
  for (const e of ledger.entries) {
    previous = sha(
      `${previous}|${e.n}|${e.username}|${cents(e.amount)}|${Date.parse(e.at)}|${e.auto ? 1 : 0}`,
    );
    hashes.push(previous);
  }
  return hashes;
}

const run = promisify(execFile);
async function verifyFile(ledger: unknown) {
  const file = join(mkdtempSync(join(tmpdir(), "ledger-")), "ledger.json");
  writeFileSync(file, JSON.stringify(ledger));
  try {
    const { stdout } = await run("npx", ["tsx", "scripts/verify-ledger.ts", file]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

describe("the public bid ledger", () => {
  it("chains every bid in order and its head is the one the auction keeps", async () => {
    const { auction } = await liveAuction({ startingPriceCents: 125 });
    const [a, b] = [await testUser("buyer", 5), await testUser("buyer", 5)];
    for (const bidder of [a, b, a]) expect((await bidOn(bidder, auction.id)).status).toBe(200);

    const res = await readLedger(auction.id);
    expect(res.status).toBe(200);
    const ledger = res.body;
    expect(ledger).toMatchObject({
      auctionId: auction.id,
      algorithm: "sha256",
      genesis: { startingPrice: "1.25", startedAt: auction.createdAt },
    });
    expect(ledger.entries.map((e) => [e.n, e.username, e.amount, e.auto])).toEqual([
      [1, a.username, "1.26", false],
      [2, b.username, "1.27", false],
      [3, a.username, "1.28", false],
    ]);
    for (const e of ledger.entries) expect(e.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const hashes = recompute(ledger);
    expect(ledger.entries.map((e) => e.hash)).toEqual(hashes.slice(1));
    expect(ledger.head).toBe(hashes[3]);
    expect((await getItem(keys.auction(auction.id)))?.ledgerHead).toBe(ledger.head);
    expect((await getItem(keys.bid(auction.id, 2)))?.hash).toBe(hashes[2]);
  });

  it("an auction without bids publishes its genesis as the head; an unknown one is 404", async () => {
    const { auction } = await liveAuction();
    const ledger = (await readLedger(auction.id)).body;
    expect(ledger.entries).toEqual([]);
    expect(ledger.head).toBe(recompute(ledger)[0]);
    expect((await readLedger("no-such-auction")).status).toBe(404);
  });

  it("npm run verify:ledger says OK for the published chain and where a tampered one breaks", async () => {
    const { auction } = await liveAuction();
    const [a, b] = [await testUser("buyer", 5), await testUser("buyer", 5)];
    for (const bidder of [a, b, a]) expect((await bidOn(bidder, auction.id)).status).toBe(200);
    const ledger = (await readLedger(auction.id)).body;

    const ok = await verifyFile(ledger);
    expect(ok).toMatchObject({ code: 0, out: expect.stringContaining("OK: 3 bids") });

    const tampered = structuredClone(ledger);
    tampered.entries[1]!.username = a.username;
    const broken = await verifyFile(tampered);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("BROKEN at entry 2");

    const wrongHead = { ...ledger, head: ledger.entries[0]!.hash };
    expect((await verifyFile(wrongHead)).code).toBe(1);
  }, 60_000);
});

describe("who may bid", () => {
  it("an admin account is refused with 403 and keeps its credits", async () => {
    const { auction } = await liveAuction();
    const admin = await testUser("admin", 5);
    const res = await bidOn(admin, auction.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Staff accounts cannot bid" });
    expect((await getItem(keys.user(admin.id)))?.bidBalance).toBe(5);
    expect((await getItem(keys.auction(auction.id)))?.totalBids).toBe(0);
  });
});
