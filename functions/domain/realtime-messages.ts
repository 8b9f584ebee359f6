/**
 * Live-update messages (docs/product.md section 3 plus the new state, docs/architecture.md section 4), derived from an
 * auction's state before and after a change. Pure.
 */
import type { AuctionStatus } from "#shared/constants";
import { centsToDecimal } from "#shared/money";
import type { AuctionMessage } from "#shared/schemas/auctions";
import { genesisHash } from "./bid-ledger.ts";
import { memberBadge } from "./member-badges.ts";

/** The fields of a stored auction a message is built from. */
export interface AuctionImage {
  id: string;
  status: AuctionStatus;
  priceCents: number;
  totalBids: number;
  endsAt: number;
  lastBidderUsername?: string;
  /** The last bidder's account creation (ISO): their badge on a `bid_placed` (Recent Bids adds the bid). */
  lastBidderJoinedAt?: string;
  winnerId?: string;
  winnerUsername?: string;
  startingPriceCents: number;
  createdAt: string;
  ledgerHead?: string;
  lastBidAuto?: boolean;
  lockAtPriceCents?: number;
  locked?: boolean;
}

/** The ledger head a watcher records: the hash after the latest bid, the genesis hash before any bid. */
function ledgerHeadOf(image: AuctionImage): string {
  return (
    image.ledgerHead ??
    genesisHash({
      auctionId: image.id,
      startingPriceCents: image.startingPriceCents,
      startedAtMs: Date.parse(image.createdAt),
      ...(image.lockAtPriceCents === undefined ? {} : { lockAtPriceCents: image.lockAtPriceCents }),
    })
  );
}

/**
 * `auction_ended` when the change finished the auction, `bid_placed` when it added bids, else null
 * (creation, deletion, and edits that change nothing a watcher sees).
 */
export function auctionMessageFor(
  before: AuctionImage | undefined,
  after: AuctionImage | undefined,
  now: number,
): AuctionMessage | null {
  if (!before || !after) return null;
  if (before.status === "active" && after.status !== "active") return auctionMessage(after, "ended", now);
  if (after.totalBids > before.totalBids) return auctionMessage(after, "bid", now);
  return null;
}

/** The message telling watchers of `after`: a bid that made it, or the end that did. */
export function auctionMessage(after: AuctionImage, change: "bid" | "ended", now: number): AuctionMessage {
  const state = {
    auctionId: after.id,
    status: after.status,
    currentPrice: centsToDecimal(after.priceCents),
    totalBids: after.totalBids,
    endsAt: new Date(after.endsAt).toISOString(),
    lastBidder: after.lastBidderUsername ? { username: after.lastBidderUsername } : null,
    serverTime: new Date(now).toISOString(),
    ledgerHead: ledgerHeadOf(after),
    locked: after.locked ?? false,
  };
  if (change === "ended") {
    return {
      type: "auction_ended",
      ...state,
      winnerId: after.winnerId ?? null,
      winner: after.winnerUsername ? { username: after.winnerUsername } : null,
      finalPrice: centsToDecimal(after.priceCents),
    };
  }
  // The badge the detail shows beside this bid (new when it was placed: now, for a message built at once).
  const joinedMs = after.lastBidderJoinedAt ? Date.parse(after.lastBidderJoinedAt) : Number.NaN;
  return {
    type: "bid_placed",
    ...state,
    lastBidder:
      state.lastBidder && !Number.isNaN(joinedMs)
        ? { ...state.lastBidder, ...memberBadge(joinedMs, now) }
        : state.lastBidder,
    auto: after.lastBidAuto ?? false,
    winnerId: null,
    finalPrice: null,
  };
}

/**
 * Folds one stream batch down to one message per auction: the latest state, and `auction_ended` if
 * the auction ended anywhere in the batch (its final state is the latest anyway).
 */
export function latestMessagePerAuction(messages: readonly AuctionMessage[]): AuctionMessage[] {
  const latest = new Map<string, AuctionMessage>();
  for (const message of messages) {
    const seen = latest.get(message.auctionId);
    if (seen?.type === "auction_ended") continue;
    latest.set(message.auctionId, message);
  }
  return [...latest.values()];
}

/**
 * Orders an auction's states: more bids is later, and its end is later than its last bid. The
 * broadcaster sends a state only if nothing of its rank or later went out before, so a watcher never
 * gets the same state twice nor an older one after a newer.
 */
export function deliveryRank(message: Pick<AuctionMessage, "type" | "totalBids">): number {
  return message.totalBids * 2 + (message.type === "auction_ended" ? 1 : 0);
}

/** The Event API channel of one auction (namespace `auctions`). */
export function auctionChannel(auctionId: string): string {
  return `/auctions/${auctionId}`;
}

/**
 * What the Event API carries: the socket's message plus its order key (the delivery rank), so a page
 * drops anything older than what it shows, whichever path or reconnect brought it.
 */
export function liveEvent(message: AuctionMessage): AuctionMessage & { orderKey: number } {
  return { ...message, orderKey: deliveryRank(message) };
}
