import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buyNowPrice } from "../../../functions/domain/buy-now.ts";
import {
  afterBuyNow,
  afterGrant,
  afterPurchase,
  afterRefund,
  NO_PAID_CREDITS,
  type PaidCredits,
  paidBidsValueCents,
  refundedPaidCents,
} from "../../../functions/domain/paid-bids.ts";

const BID_VALUE_CENTS = 60;

type Step =
  | { kind: "purchase"; bids: number; amountCents: number }
  | { kind: "grant"; bids: number }
  | { kind: "bid"; auction: number }
  | { kind: "refund"; purchase: number; credits: number }
  | { kind: "buyNow"; auction: number };

const AUCTIONS = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("purchase" as const),
    bids: fc.integer({ min: 1, max: 300 }),
    amountCents: fc.integer({ min: 0, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant("grant" as const), bids: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant("bid" as const), auction: fc.integer({ min: 0, max: AUCTIONS - 1 }) }),
  fc.record({ kind: fc.constant("bid" as const), auction: fc.integer({ min: 0, max: AUCTIONS - 1 }) }),
  fc.record({
    kind: fc.constant("refund" as const),
    purchase: fc.nat(20),
    credits: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({ kind: fc.constant("buyNow" as const), auction: fc.integer({ min: 0, max: AUCTIONS - 1 }) }),
);

/**
 * Plays purchases, grants, bids, refunds and Buy It Now purchases through the rules, keeping the sums
 * the way the table does (functions/adapters/dynamo/paid-credits-repo.ts), and checks every credit.
 */
function play(steps: Step[], retailCents: number[]) {
  let account: PaidCredits = NO_PAID_CREDITS;
  let balance = 0;
  const purchases: { bids: number; amountCents: number; reversed: number }[] = [];
  const bidsOn = new Array<number>(AUCTIONS).fill(0);
  const bought = new Array<boolean>(AUCTIONS).fill(false);
  let netPaid = 0;
  let credited = 0;
  for (const s of steps) {
    if (s.kind === "purchase") {
      account = afterPurchase(account, s.bids, s.amountCents);
      balance += s.bids;
      netPaid += s.amountCents;
      purchases.push({ bids: s.bids, amountCents: s.amountCents, reversed: 0 });
    } else if (s.kind === "grant") {
      account = afterGrant(account, s.bids);
      balance += s.bids;
    } else if (s.kind === "bid") {
      if (balance < 1 || bought[s.auction]) continue;
      balance -= 1;
      bidsOn[s.auction]! += 1;
    } else if (s.kind === "refund") {
      const purchase = purchases[s.purchase % Math.max(1, purchases.length)];
      if (!purchase) continue;
      const total = Math.min(purchase.bids, purchase.reversed + s.credits);
      const refunded =
        refundedPaidCents(purchase.amountCents, purchase.bids, total) -
        refundedPaidCents(purchase.amountCents, purchase.bids, purchase.reversed);
      purchase.reversed = total;
      account = afterRefund(account, refunded);
      balance = Math.max(0, balance - s.credits);
      netPaid -= refunded;
    } else {
      const bids = bidsOn[s.auction]!;
      if (bids < 1 || bought[s.auction]) continue;
      const { creditCents, priceCents } = buyNowPrice(
        retailCents[s.auction]!,
        bids,
        account,
        BID_VALUE_CENTS,
      );
      bought[s.auction] = true;
      account = afterBuyNow(account, creditCents);
      credited += creditCents;

      expect(creditCents).toBeGreaterThanOrEqual(0);
      expect(priceCents).toBe(retailCents[s.auction]! - creditCents);
      // Never more, all credits together, than the money paid for bids (less refunds).
      const creditedBefore = credited - creditCents;
      expect(creditCents).toBeLessThanOrEqual(Math.max(0, netPaid - creditedBefore));
      expect(credited).toBeLessThanOrEqual(purchases.reduce((sum, p) => sum + p.amountCents, 0));
      // No bid counts for more than the dearest price paid for a credit, nor the stage's bid value.
      const dearest = Math.max(0, ...purchases.map((p) => p.amountCents / p.bids));
      expect(creditCents).toBeLessThanOrEqual(bids * Math.min(dearest, BID_VALUE_CENTS));
      // The credit is the value the auction page shows for those bids, unless retail or the money
      // not yet credited caps it.
      expect(creditCents).toBeLessThanOrEqual(paidBidsValueCents(bids, account, BID_VALUE_CENTS));
    }
  }
  return { credited, netPaid };
}

describe("what a spent bid is worth", () => {
  it("no sequence of purchases, grants, refunds and bids credits more than the money paid for bids", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 120 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: AUCTIONS, maxLength: AUCTIONS }),
        (steps, retail) => {
          play(steps, retail);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("bids granted free are worth nothing, however many", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const free = steps.filter((s) => s.kind !== "purchase" && s.kind !== "refund");
        expect(play(free, [100_000, 100_000, 100_000]).credited).toBe(0);
      }),
    );
  });

  it("two accounts trading bids bought at 35 cents are credited 35 cents a bid, not the stage's 60", () => {
    // 400 bids for $140.00; 400 bids spent on one auction.
    const account = afterPurchase(NO_PAID_CREDITS, 400, 14_000);
    expect(paidBidsValueCents(400, account, BID_VALUE_CENTS)).toBe(14_000);
    expect(buyNowPrice(100_000, 400, account, BID_VALUE_CENTS).creditCents).toBe(14_000);
  });

  it("values a mix at the average paid per credit received, the free ones at $0", () => {
    // 100 credits for $50.00, then 100 granted: 25 cents a credit.
    const account = afterGrant(afterPurchase(NO_PAID_CREDITS, 100, 5000), 100);
    expect(paidBidsValueCents(10, account, BID_VALUE_CENTS)).toBe(250);
    // 60 credits for $25.00: 41.67 cents each, rounded down for the bids counted.
    const odd = afterPurchase(NO_PAID_CREDITS, 60, 2500);
    expect(paidBidsValueCents(1, odd, BID_VALUE_CENTS)).toBe(41);
    expect(paidBidsValueCents(60, odd, BID_VALUE_CENTS)).toBe(2500);
  });

  it("a second Buy It Now gets only the money not yet credited", () => {
    // 10 credits at 50 cents, spent on one auction and credited; then 100 at 35 cents.
    let account = afterPurchase(NO_PAID_CREDITS, 10, 500);
    account = afterBuyNow(account, buyNowPrice(100_000, 10, account, BID_VALUE_CENTS).creditCents);
    account = afterPurchase(account, 100, 3500);
    // The average (4000 / 110) would credit the 100 bids $36.36; only $35.00 is left uncredited.
    expect(paidBidsValueCents(100, account, BID_VALUE_CENTS)).toBe(3636);
    expect(buyNowPrice(100_000, 100, account, BID_VALUE_CENTS).creditCents).toBe(3500);
  });
});
