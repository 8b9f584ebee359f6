import type { AuctionSummary } from "#shared/schemas/auctions";

/** Whether the signed-in user is the auction's last bidder (its leader while it runs). */
export function leads(
  auction: Pick<AuctionSummary, "lastBidder">,
  user: { username: string } | null | undefined,
): boolean {
  return !!user && auction.lastBidder?.username === user.username;
}

/** Where a signed-in bidder stands on a live auction: leading, outbid (they bid, someone else leads), or neither. */
export type Standing = "leading" | "outbid" | null;

export function standing(
  auction: Pick<AuctionSummary, "lastBidder">,
  user: { username: string } | null | undefined,
  hasBid: boolean,
): Standing {
  if (!user) return null;
  if (leads(auction, user)) return "leading";
  return hasBid && auction.lastBidder ? "outbid" : null;
}

/** Whether the signed-in user won the (ended) auction. */
export function won(
  auction: Pick<AuctionSummary, "winner" | "status">,
  user: { username: string } | null | undefined,
): boolean {
  return !!user && auction.status === "won" && auction.winner?.username === user.username;
}
