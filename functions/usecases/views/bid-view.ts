import { centsToDecimal } from "#shared/money";
import type { BidView } from "#shared/schemas/auctions";
import type { BidRecord } from "../../adapters/dynamo/bids-repo.ts";
import { memberBadge } from "../../domain/member-badges.ts";

const bidId = (auctionId: string, sequence: number) => `${auctionId}-${sequence}`;

/** With the bidder's badge when `accountsCreatedAt` (user id -> ms epoch) knows their account. */
export function toBidView(bid: BidRecord, accountsCreatedAt?: ReadonlyMap<string, number>): BidView {
  return {
    id: bidId(bid.auctionId, bid.sequence),
    auctionId: bid.auctionId,
    amount: centsToDecimal(bid.amountCents),
    sequence: bid.sequence,
    createdAt: bid.createdAt,
    user: { username: bid.username, ...badgeOf(bid.userId, Date.parse(bid.createdAt), accountsCreatedAt) },
    auto: bid.auto,
  };
}

/** The badge of `userId`'s account as of `atMs`, to spread beside a username; nothing when unknown. */
export function badgeOf(
  userId: string | undefined,
  atMs: number,
  accountsCreatedAt?: ReadonlyMap<string, number>,
) {
  const created = userId === undefined ? undefined : accountsCreatedAt?.get(userId);
  return created === undefined ? {} : memberBadge(created, atMs);
}
