/**
 * Polls and socket messages race: a poll answered just before a bid can land after the socket already
 * brought that bid. These rules keep the newest state of each auction in the query cache.
 */
import { replaceEqualDeep } from "@tanstack/react-query";
import { RECENT_BIDS_SHOWN } from "#shared/constants";
import type { AuctionDetail, AuctionMessage, AuctionSummary, BidView } from "#shared/schemas/auctions";

type AuctionState = Pick<AuctionSummary, "status" | "totalBids">;

/** True when `a` describes a later moment of the auction than `b`. */
export function isNewer(a: AuctionState, b: AuctionState): boolean {
  if (a.status !== "active" && b.status === "active") return true;
  if (a.status === "active" && b.status !== "active") return false;
  return a.totalBids > b.totalBids;
}

/** The incoming server answer, unless the cached auction is newer (then the cached one stays). */
export function keepNewerAuction<T extends AuctionSummary>(cached: T | undefined, incoming: T): T {
  return cached && cached.id === incoming.id && isNewer(cached, incoming) ? cached : incoming;
}

export function keepNewerAuctionList(
  cached: AuctionSummary[] | undefined,
  incoming: AuctionSummary[],
): AuctionSummary[] {
  if (!cached) return incoming;
  const byId = new Map(cached.map((a) => [a.id, a]));
  return incoming.map((a) => keepNewerAuction(byId.get(a.id), a));
}

/**
 * A polled auction whose only change is `serverTime` (the moment it was read) stays the cached object,
 * so its memoized card does not re-render every second; the server's clock is recorded from the answer
 * itself.
 */
export function keepUnchangedAuctions(
  cached: AuctionSummary[] | undefined,
  incoming: AuctionSummary[],
): AuctionSummary[] {
  const byId = new Map(cached?.map((a) => [a.id, a]));
  return incoming.map((a) => {
    const old = byId.get(a.id);
    return old && replaceEqualDeep(old, { ...a, serverTime: old.serverTime }) === old ? old : a;
  });
}

/** The auction after a socket message (unchanged if the message is older than what we have). */
export function applyMessage<T extends AuctionSummary>(auction: T, message: AuctionMessage): T {
  if (auction.id !== message.auctionId || !isNewer(message, auction)) return auction;
  const next: T = {
    ...auction,
    status: message.status,
    currentPrice: message.currentPrice,
    totalBids: message.totalBids,
    endsAt: message.endsAt,
    // The summary names the leader only; the badge goes with the bid (applyMessageToDetail).
    lastBidder: message.lastBidder && { username: message.lastBidder.username },
    serverTime: message.serverTime,
    locked: message.locked,
  };
  if (message.type === "auction_ended") {
    next.winner = message.winner;
  }
  return next;
}

/**
 * The detail after a socket message. A `bid_placed` that is exactly the next bid is added to the
 * recent bids at once, with its bidder's badge (`memberSince`, `isNew`) when the message carries it;
 * after a gap, the next poll (1 s) brings the bids in between.
 */
export function applyMessageToDetail(detail: AuctionDetail, message: AuctionMessage): AuctionDetail {
  const next = applyMessage(detail, message);
  if (next === detail || message.type !== "bid_placed" || !message.lastBidder) return next;
  const last = detail.bids.at(-1);
  const expected = (last?.sequence ?? detail.totalBids) + 1;
  if (message.totalBids !== expected || (last === undefined && detail.totalBids !== 0)) return next;
  const bid: BidView = {
    id: `${message.auctionId}-${message.totalBids}`,
    auctionId: message.auctionId,
    amount: message.currentPrice,
    sequence: message.totalBids,
    createdAt: message.serverTime,
    user: bidderOf(message.lastBidder),
    auto: message.auto,
  };
  return { ...next, bids: [...detail.bids, bid].slice(-RECENT_BIDS_SHOWN) };
}

/** The bidder of a live bid as Recent Bids shows them: the username, and the badge when the message has it. */
function bidderOf(bidder: BidView["user"]): BidView["user"] {
  if (typeof bidder.memberSince !== "string") return { username: bidder.username };
  return { username: bidder.username, memberSince: bidder.memberSince, isNew: bidder.isNew === true };
}
