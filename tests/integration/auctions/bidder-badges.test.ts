/**
 * Bidder badges: Recent Bids, the ledger page and the winner line show each bidder's "member since"
 * month and whether the account was new (under 30 days old) when it bid, or when the auction ended
 * for the winner; nothing more about a person.
 */
import { describe, expect, it } from "vitest";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { LedgerPage } from "#shared/schemas/ledger";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { signUp } from "../orders/fixtures.ts";
import { auctionOf, bidInTurn, goldMaple, UNUSABLE_PASSWORD_HASH } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("bidder-badges");

const DAY = 24 * 60 * 60 * 1000;

/** A bidder whose account was created at `createdAt`. */
async function memberFrom(createdAt: number) {
  const username = `m${Math.random().toString(36).slice(2, 9)}`;
  return createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: UNUSABLE_PASSWORD_HASH,
    role: "buyer",
    now: createdAt,
    bidBalance: 10,
  });
}

describe("bidder badges", () => {
  it("say the month each bidder joined and whether they were new when they bid, on Recent Bids, the ledger and the winner", async () => {
    const now = Date.now();
    const old = await memberFrom(Date.UTC(2025, 10, 14));
    const fresh = await memberFrom(now - 3 * DAY);
    const seller = await signUp("seller");
    const startedAt = now - 120_000;
    const auction = await auctionOf(seller, { product: goldMaple(), durationSeconds: 60, now: startedAt });
    await bidInTurn(auction.id, [old, fresh], startedAt);

    const res = await invokeRoute<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(res.status).toBe(200);
    const freshMonth = new Date(now - 3 * DAY).toISOString().slice(0, 7);
    expect(res.body.bids.map((bid) => bid.user)).toEqual([
      { username: old.username, memberSince: "2025-11", isNew: false },
      { username: fresh.username, memberSince: freshMonth, isNew: true },
    ]);
    expect(res.body.winner).toEqual({ username: fresh.username, memberSince: freshMonth, isNew: true });

    const ledger = await invokeRoute<LedgerPage>({
      method: "GET",
      path: `/api/auctions/${auction.id}/ledger`,
    });
    expect(
      ledger.body.entries.map(({ username, memberSince, isNew }) => ({ username, memberSince, isNew })),
    ).toEqual([
      { username: old.username, memberSince: "2025-11", isNew: false },
      { username: fresh.username, memberSince: freshMonth, isNew: true },
    ]);
    // Nothing more about a person than the name, the month and the badge.
    expect(Object.keys(res.body.bids[0]!.user).sort()).toEqual(["isNew", "memberSince", "username"]);
  });

  it("counts new as under 30 days old at the bid: 29 days is new, 31 is not", async () => {
    const now = Date.now();
    const almost = await memberFrom(now - 29 * DAY);
    const past = await memberFrom(now - 31 * DAY);
    const seller = await signUp("seller");
    const auction = await auctionOf(seller, { product: goldMaple(), durationSeconds: 3600, now });
    await bidInTurn(auction.id, [almost, past], now);
    const res = await invokeRoute<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(res.body.bids.map((bid) => bid.user.isNew)).toEqual([true, false]);
  });
});
