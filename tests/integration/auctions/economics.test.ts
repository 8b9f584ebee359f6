/**
 * A won auction's economics: its bids at what each bidder paid per credit (free bids at $0), the final
 * price and their sum, the same on the detail, the ledger page and Recent winners; the ledger's
 * verifier checks that their bid count is the chain's length.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { walkLedger } from "#shared/ledger-pages";
import type { AuctionDetail, EndedAuctionsPage } from "#shared/schemas/auctions";
import type { LedgerPage } from "#shared/schemas/ledger";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { givePaidCredits } from "../../support/paid-credits.ts";
import { signUp } from "../orders/fixtures.ts";
import { type Actor, auctionOf, bidInTurn } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("economics");

let admin: Actor;
beforeAll(async () => {
  admin = await signUp("admin");
  const spot = await admin.call({
    method: "PUT",
    path: "/api/admin/spot-prices/gold",
    body: { usdPerOz: "2650.00" },
  });
  expect(spot.status).toBe(200);
});

/** A buyer who bought `credits` bid credits for `amountCents`. */
async function payingBuyer(credits: number, amountCents: number) {
  const user = await signUp("buyer", 0);
  await givePaidCredits(user.id, credits, amountCents);
  return user;
}

/** An auction of 1 oz of 99.99% gold ($2,649.74 melt), retail $2,799.00, whose bids were placed while it ran and whose end has passed. */
async function wonGoldCoin(bidders: Actor[]) {
  const seller = await signUp("seller");
  const startedAt = Date.now() - 120_000;
  const auction = await auctionOf(seller, {
    product: {
      name: `Gold Eagle ${Math.random().toString(36).slice(2, 6)}`,
      description: "One ounce of gold.",
      metalType: "gold",
      weight: "1 oz",
      purity: "99.99%",
      imageUrl: "/images/products/gold-coins.svg",
      startingPriceCents: 500,
      retailPriceCents: 279_900,
    },
    durationSeconds: 60,
    now: startedAt,
  });
  await bidInTurn(auction.id, bidders, startedAt);
  return auction;
}

const detail = async (id: string) => {
  const res = await invokeRoute<AuctionDetail>({ method: "GET", path: `/api/auctions/${id}` });
  expect(res.status).toBe(200);
  return res.body;
};

const ledgerPage = async (id: string) => {
  const res = await invokeRoute<LedgerPage>({ method: "GET", path: `/api/auctions/${id}/ledger` });
  expect(res.status).toBe(200);
  return res.body;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("a won auction's economics", () => {
  it("are the sum of the bids' paid values plus the final price, on the detail, the ledger and Recent winners", async () => {
    // Ann paid 50 cents a credit, Bob 35 (a cheaper package), Cat's credits were given free at sign-up.
    const ann = await payingBuyer(10, 500);
    const bob = await payingBuyer(20, 700);
    const cat = await signUp("buyer", 10);
    const auction = await wonGoldCoin([ann, bob, ann, cat, bob, ann]);

    const running = await invokeRoute<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    // 3 × $0.50 + 2 × $0.35 + 1 × $0 = $2.20; six bids of a cent on $5.00: $5.06.
    const economics = {
      bids: 6,
      bidsValue: "2.20",
      finalPrice: "5.06",
      collected: "7.26",
      retailPrice: "2799.00",
      meltValue: "2649.74",
    };
    expect(running.body.status).toBe("won");
    expect(running.body.currentPrice).toBe("5.06");
    expect(running.body.economics).toEqual(economics);
    expect((await ledgerPage(auction.id)).economics).toEqual(economics);
    const winners = await invokeRoute<EndedAuctionsPage>({ method: "GET", path: "/api/auctions/ended" });
    expect(winners.body.items.find((a) => a.id === auction.id)?.economics).toEqual(economics);

    // Kept from the end: a purchase afterwards changes what Cat's future bids are worth, not these.
    await givePaidCredits(cat.id, 10, 1000);
    expect((await detail(auction.id)).economics).toEqual(economics);
  });

  it("are absent while the auction runs and when it ended without a bid", async () => {
    const seller = await signUp("seller");
    const bidder = await payingBuyer(10, 500);
    const live = await auctionOf(seller, {
      product: {
        name: "Running coin",
        description: "Still running.",
        metalType: "gold",
        imageUrl: "/images/products/gold-coins.svg",
        startingPriceCents: 100,
      },
      durationSeconds: 3600,
      now: Date.now(),
    });
    await bidInTurn(live.id, [bidder], Date.now());
    expect(await detail(live.id)).not.toHaveProperty("economics");
    expect(await ledgerPage(live.id)).not.toHaveProperty("economics");

    const unsold = await wonGoldCoin([]);
    const ended = await detail(unsold.id);
    expect(ended.status).toBe("ended");
    expect(ended).not.toHaveProperty("economics");
  });

  it("the ledger's verifier accepts the published count and refuses one that is not the chain's length", async () => {
    const auction = await wonGoldCoin([await payingBuyer(5, 250), await payingBuyer(5, 200)]);
    // The ledger only reads; the first read of the auction (or the closer) ends it.
    expect((await detail(auction.id)).status).toBe("won");
    const page = await ledgerPage(auction.id);
    expect(page.economics?.bids).toBe(2);

    const honest = await walkLedger({ fetchPage: async () => page, sha256 });
    expect(honest).toMatchObject({ ok: true, entries: 2 });

    const padded = { ...page, economics: { ...page.economics, bids: 3 } };
    const refused = await walkLedger({ fetchPage: async () => padded, sha256 });
    expect(refused).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: "the economics count 3 bids, the chain holds 2",
    });
  });
});
