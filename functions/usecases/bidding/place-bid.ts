/**
 * Placing a bid (docs/architecture.md section 4): the auction's read (begun beside the session's) and
 * the bidder's standing (two reads at once), then ONE transaction.
 * A lost race re-reads and retries with jitter; after a few losses the bidder gets 503, never a 500.
 * The server clock decides, read again for every attempt.
 */
import pLimit, { type LimitFunction } from "p-limit";
import { BID_MESSAGES } from "#shared/bid-refusals";
import { queueCheck, queueNextCheck } from "../../adapters/agents/next-check.ts";
import { type AuctionRecord, getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { type BidRecord, placeBidTransaction } from "../../adapters/dynamo/bids-repo.ts";
import { getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { bidRefusal, latestBidLocked, retryDelayMs } from "../../domain/bidding.ts";
import { notFound, serviceUnavailable } from "../../domain/errors.ts";
import { followAuctionBidOn } from "../alerts/bid-followers.ts";
import { finalizeIfOver } from "../auctions/finalize-auction.ts";
import { handOffLiveUpdate } from "../realtime/live-updates.ts";
import { bidRefusalError, commitBid } from "./bid.ts";
import { assertStandingAllows, type BidderStanding, readBidderStanding } from "./bidder-eligibility.ts";

export const MAX_BID_ATTEMPTS = 8;

export interface PlaceBidInput {
  auctionId: string;
  bidder: { id: string; username: string; role?: string };
  /** The server clock (ms epoch), read at every attempt. */
  clock?: () => number;
  /** The auction's read, already under way (started beside the session's); the first attempt uses it. */
  firstRead?: Promise<AuctionRecord | null>;
  random?: () => number;
  /** Where the new state goes at once (the broadcaster); without it only the table's stream tells watchers. */
  liveHandoff?: LiveHandoff;
}

export interface PlaceBidResult {
  auction: AuctionRecord;
  bid: BidRecord;
  /** When the bid was accepted (server clock). */
  now: number;
  /** Attempts lost to other bids before this one won. */
  retries: number;
}

/**
 * Admission control per auction and container: more than two attempts at once on one auction would
 * only fail each other's `totalBids = :seen` condition while still costing a transaction each. A
 * Lambda container serves one request at a time, so this matters where one process serves everyone
 * (the local stack: DynamoDB Local handles about 50 transactions a second, and 40 unchecked bidders
 * drop it to about 5 accepted bids a second; see docs/decisions.md). Races between containers are
 * still settled by the transaction's conditions and the retries below.
 */
const ATTEMPTS_IN_FLIGHT_PER_AUCTION = 2;
const MAX_WAITING_PER_AUCTION = 500;
const gates = new Map<string, LimitFunction>();

/** Runs `attempt` when the auction's gate lets it; `waited` says whether it had to queue first. */
async function throughGate<T>(auctionId: string, attempt: (waited: boolean) => Promise<T>): Promise<T> {
  let gate = gates.get(auctionId);
  if (!gate) {
    gate = pLimit(ATTEMPTS_IN_FLIGHT_PER_AUCTION);
    gates.set(auctionId, gate);
  }
  if (gate.pendingCount >= MAX_WAITING_PER_AUCTION) throw serviceUnavailable(BID_MESSAGES.busy);
  const waited = gate.activeCount >= ATTEMPTS_IN_FLIGHT_PER_AUCTION;
  try {
    return await gate(() => attempt(waited));
  } finally {
    if (gate.activeCount === 0 && gate.pendingCount === 0) gates.delete(auctionId);
  }
}

type Attempt = { ok: true; result: PlaceBidResult } | { ok: false };

/** One read and one transaction; throws the refusals, returns `{ok: false}` when another bid won the race. */
async function attemptBid(
  input: PlaceBidInput,
  clock: () => number,
  attempt: number,
  read: Promise<AuctionRecord | null>,
  /** Throws the bidder's own refusal; else their account's creation (ISO), for the live message's badge. */
  checkBidder: (auction: AuctionRecord, now: number) => Promise<string | undefined>,
  bidsPlacedHere: () => Promise<number>,
): Promise<Attempt> {
  const { bidder } = input;
  const auction = await read;
  const now = clock();
  if (!auction) throw notFound(BID_MESSAGES.notFound);
  // Only a locked auction asks who bid before; the transaction checks it again (bids-repo.ts).
  const placed = auction.locked ? await bidsPlacedHere() : 0;
  const refusal = bidRefusal(auction, bidder.id, now, bidder.role, placed);
  // This read saw the end: it finishes the auction like any other read.
  if (refusal === "ended" && auction.status === "active")
    await finalizeIfOver(auction, now, input.liveHandoff);
  if (refusal) throw bidRefusalError(refusal);
  const joinedAt = await checkBidder(auction, now);
  const written = await commitBid(
    auction,
    { id: bidder.id, username: bidder.username, ...(joinedAt ? { joinedAt } : {}) },
    now,
    false,
    placeBidTransaction,
  );
  if (!written.ok) {
    if (written.reason === "conflict") return { ok: false };
    throw bidRefusalError(written.reason);
  }
  return { ok: true, result: { auction: written.auction, bid: written.bid, now, retries: attempt } };
}

export async function placeBid(input: PlaceBidInput): Promise<PlaceBidResult> {
  const clock = input.clock ?? Date.now;
  const random = input.random ?? Math.random;
  // The user's own rules (self-exclusion, beginner, win limit) are read once, at the same time as the
  // auction, and applied to whichever state of it the winning attempt saw.
  const standing: Promise<BidderStanding> = readBidderStanding(input.bidder.id);
  standing.catch(() => {}); // awaited only when the auction allows the bid at all
  // Read once, the first time a locked state is seen: a user locked out cannot gain a bid meanwhile.
  let tally: Promise<number> | undefined;
  const bidsPlacedHere = () => {
    tally ??= getBidderTally(input.auctionId, input.bidder.id).then((t) => t.bids);
    return tally;
  };
  return retrying(
    { attempts: MAX_BID_ATTEMPTS, delayMs: (failed) => retryDelayMs(failed, random()) },
    async (attempt) => {
      const outcome = await throughGate(input.auctionId, (waited) => {
        // A read made before queueing behind other bids is stale by now: read again.
        const read =
          attempt === 0 && input.firstRead && !waited ? input.firstRead : getAuction(input.auctionId);
        return attemptBid(
          input,
          clock,
          attempt,
          read,
          async (auction, now) => {
            const read = await standing;
            assertStandingAllows(read, auction, now);
            return read.joinedAt;
          },
          bidsPlacedHere,
        );
      });
      if (!outcome.ok) return RETRY;
      const { auction, now } = outcome.result;
      // All after the commit and outside the gate: none holds back the next bid on this auction.
      await Promise.all([
        // The bid that locked it: the agents of users locked out stop now (their credits back), not at the window.
        latestBidLocked(auction) && (auction.activeAgents ?? 0) > 0
          ? queueCheck(auction, now, now)
          : queueNextCheck(auction, now),
        handOffLiveUpdate(input.liveHandoff, auction, "bid", now),
        standing.then(({ followsBidAuctions }) =>
          followAuctionBidOn({ id: input.bidder.id, followsBidAuctions }, auction, now),
        ),
      ]);
      return outcome.result;
    },
    () => {
      throw serviceUnavailable(BID_MESSAGES.busy);
    },
  );
}
