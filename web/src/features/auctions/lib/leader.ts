import type { AuctionSummary } from "#shared/schemas/auctions";

/** Whether the signed-in user is the auction's last bidder (its leader while it runs). */
export function leads(
  auction: Pick<AuctionSummary, "lastBidder">,
  user: { username: string } | null | undefined,
): boolean {
  return !!user && auction.lastBidder?.username === user.username;
}
