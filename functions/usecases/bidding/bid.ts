/**
 * One bid, whoever places it: a person (place-bid.ts) or their Bid Agent (the engine in
 * functions/usecases/agents/). Both plan the bid on the auction as read, chain its ledger hash, send
 * one transaction and answer the refusals with the same messages; only who pays differs (the balance
 * or the agent's booked credits), so the caller passes its own transaction.
 */

import { BID_MESSAGES, type BidRefusal } from "#shared/bid-refusals";
import type { AuctionRecord } from "../../adapters/dynamo/auctions-repo.ts";
import {
  type BidRecord,
  type BidWrite,
  type BidWriteResult,
  bidRecordOf,
} from "../../adapters/dynamo/bids-repo.ts";
import { chainHash } from "../../domain/bid-ledger.ts";
import { auctionAfterBid, planBid } from "../../domain/bidding.ts";
import { badRequest, conflict, forbidden, paymentRequired, type Refusal } from "../../domain/errors.ts";
import { ledgerHeadOf } from "./bid-ledger.ts";

type BidRefusalReason = BidRefusal | "no-credits" | "bought-now";

const REFUSAL_ERRORS: Record<BidRefusalReason, () => Refusal> = {
  ended: () => badRequest(BID_MESSAGES.ended),
  staff: () => forbidden(BID_MESSAGES.staff),
  "own-auction": () => forbidden(BID_MESSAGES.ownAuction),
  "locked-out": () => forbidden(BID_MESSAGES.lockedOut),
  "already-leading": () => conflict(BID_MESSAGES.leading),
  "no-credits": () => paymentRequired(BID_MESSAGES.noCredits),
  "bought-now": () => forbidden(BID_MESSAGES.boughtNow),
};

/** The error a bidder (or a booking) meets for each reason a bid is refused. */
export const bidRefusalError = (reason: BidRefusalReason): Refusal => REFUSAL_ERRORS[reason]();

export type CommittedBid =
  | { ok: true; auction: AuctionRecord; bid: BidRecord }
  | { ok: false; reason: "no-credits" | "bought-now" | "locked-out" | "conflict" };

/**
 * Writes a bid by `bidder` on `auction` as read at `now` (the caller has applied `bidRefusal` and the
 * bidder's own rules): the auction and bid as they stand after it, or why the transaction refused it
 * ("conflict": another bid got there first; re-read before trying again).
 */
export async function commitBid(
  auction: AuctionRecord,
  bidder: { id: string; username: string; joinedAt?: string },
  now: number,
  auto: boolean,
  send: (write: BidWrite) => Promise<BidWriteResult>,
): Promise<CommittedBid> {
  const plan = planBid(auction, now);
  const hash = chainHash(ledgerHeadOf(auction), {
    n: plan.sequence,
    username: bidder.username,
    amountCents: plan.priceCents,
    atMs: now,
    auto,
  });
  const write: BidWrite = {
    auctionId: auction.id,
    seenTotalBids: auction.totalBids,
    plan,
    bidder: {
      id: bidder.id,
      username: bidder.username,
      ...(bidder.joinedAt ? { joinedAt: bidder.joinedAt } : {}),
    },
    now,
    hash,
    auto,
  };
  const written = await send(write);
  if (!written.ok) return written;
  return { ok: true, auction: auctionAfterBid(auction, plan, bidder, hash, auto), bid: bidRecordOf(write) };
}
