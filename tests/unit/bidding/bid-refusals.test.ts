/**
 * shared/bid-refusals.ts: the one rule the server enforces and the page says, in the order the server
 * checks it (an ended auction is "ended" whoever looks; staff before ownership; leading last).
 */
import { describe, expect, it } from "vitest";
import { BID_MESSAGES, type BidderFacts, bidRefusalFor, lockedOut } from "#shared/bid-refusals";

const anyone: BidderFacts = { ended: false, staff: false, ownsItem: false, lockedOut: false, leading: false };

describe("bidRefusalFor", () => {
  it.each<[string, Partial<BidderFacts>, ReturnType<typeof bidRefusalFor>]>([
    ["anyone else may bid", {}, null],
    [
      "an ended auction refuses everyone, staff included",
      { ended: true, staff: true, ownsItem: true },
      "ended",
    ],
    ["staff never bid, even on an item they listed", { staff: true, ownsItem: true }, "staff"],
    ["the seller may not bid on their own item", { ownsItem: true, leading: true }, "own-auction"],
    ["a late arrival may not bid once the auction locked", { lockedOut: true, leading: true }, "locked-out"],
    ["the leader may not bid twice in a row", { leading: true }, "already-leading"],
  ])("%s", (_name, facts, expected) => {
    expect(bidRefusalFor({ ...anyone, ...facts })).toBe(expected);
  });

  it("says each refusal in the words the API answers with", () => {
    expect(BID_MESSAGES).toMatchObject({
      ended: "Auction has ended",
      ownAuction: "You cannot bid on your own items",
      staff: "Staff accounts cannot bid",
      leading: "You are already the highest bidder",
      lockedOut: "This auction is locked: only bidders who bid before it locked can bid",
    });
  });

  it("locks out only those with no bid on the auction, and only once it locked", () => {
    expect(lockedOut({ locked: true }, 0)).toBe(true);
    expect(lockedOut({ locked: true }, 3)).toBe(false);
    expect(lockedOut({ locked: false }, 0)).toBe(false);
  });
});
