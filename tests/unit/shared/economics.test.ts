import { describe, expect, it } from "vitest";
import { bidsAtEnd, bidsValueOfBidders, economicsOf } from "../../../functions/domain/economics.ts";
import { economicsSentence } from "../../../shared/economics.ts";

describe("economicsSentence", () => {
  it("says the bids, their value, what was collected and the melt value", () => {
    expect(
      economicsSentence({
        bids: 1240,
        bidsValue: "496.00",
        finalPrice: "12.40",
        collected: "508.40",
        retailPrice: "2799.00",
        meltValue: "2630.00",
      }),
    ).toBe(
      "Bidders spent 1,240 bids, about $496.00; with the final price the site collected $508.40 for an item with a melt value of $2,630.00",
    );
  });

  it("leaves the melt clause out without a melt value, and calls bids worth $0 free", () => {
    expect(
      economicsSentence({
        bids: 1,
        bidsValue: "0.00",
        finalPrice: "0.01",
        collected: "0.01",
        retailPrice: null,
        meltValue: null,
      }),
    ).toBe("Bidders spent 1 free bid; with the final price the site collected $0.01");
  });
});

describe("economics", () => {
  const paid = (paidCents: number, creditsReceived: number) => ({
    paidCents,
    creditsReceived,
    creditedCents: 0,
  });

  it("values each bidder's bids at their own average paid per credit, free credits at $0, at most the bid value", () => {
    const value = bidsValueOfBidders(
      [
        { bids: 3, paid: paid(500, 10) },
        { bids: 2, paid: paid(350, 10) },
        { bids: 4, paid: paid(0, 10) },
        { bids: 1, paid: paid(1000, 10) },
      ],
      60,
    );
    expect(value).toBe(150 + 70 + 0 + 60);
  });

  it("keep the winner's bids and their value apart from all the bidders'", () => {
    const bidders = [
      { userId: "ann", bids: 3, paid: paid(500, 10) },
      { userId: "bob", bids: 2, paid: paid(350, 10) },
      { userId: "cat", bids: 1, paid: paid(1000, 10) },
    ];
    expect(bidsAtEnd(bidders, "bob", 60)).toEqual({
      bidsValueCents: 150 + 70 + 60,
      winnerBids: 2,
      winnerBidsValueCents: 70,
    });
    // At most the bid value, as for everyone.
    expect(bidsAtEnd(bidders, "cat", 60)).toMatchObject({ winnerBids: 1, winnerBidsValueCents: 60 });
    expect(bidsAtEnd(bidders, "dan", 60)).toMatchObject({ winnerBids: 0, winnerBidsValueCents: 0 });
  });

  it("are only a won auction's, with what was collected", () => {
    const base = { totalBids: 6, priceCents: 506, bidsValueCents: 220 };
    expect(economicsOf({ ...base, status: "active" })).toBeNull();
    expect(economicsOf({ ...base, status: "ended" })).toBeNull();
    expect(economicsOf({ ...base, status: "won", winnerId: "u1", meltValueAtEndCents: 264_974 })).toEqual({
      bids: 6,
      bidsValueCents: 220,
      finalPriceCents: 506,
      collectedCents: 726,
      retailPriceCents: null,
      meltValueCents: 264_974,
    });
  });
});
