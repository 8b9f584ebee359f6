import { BUY_NOW_DAYS_AFTER_END } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";

/** Whether the auction still offers Buy It Now to someone: units left and the window open. */
export function buyNowOpen(
  auction: Pick<AuctionSummary, "retailPrice" | "buyNowStockLeft" | "endsAt">,
  now: number,
): boolean {
  if (!auction.retailPrice || auction.buyNowStockLeft < 1) return false;
  return now < Date.parse(auction.endsAt) + BUY_NOW_DAYS_AFTER_END * 24 * 60 * 60 * 1000;
}
