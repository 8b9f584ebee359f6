/** When Buy It Now is open: one rule for the web's badge and panel and the functions' offer (pure). */
import { BUY_NOW_DAYS_AFTER_END } from "./constants.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When Buy It Now closes for an auction that ends (or ended) at `endsAt`, both ms epoch. */
export function buyNowClosesAt(endsAt: number): number {
  return endsAt + BUY_NOW_DAYS_AFTER_END * DAY_MS;
}

/** Whether an auction still offers Buy It Now to someone: a retail price, units left, the window open. */
export function buyNowOpen(
  auction: { retailPrice: string | null; buyNowStockLeft: number; endsAt: string },
  now: number,
): boolean {
  if (!auction.retailPrice || auction.buyNowStockLeft < 1) return false;
  return now < buyNowClosesAt(Date.parse(auction.endsAt));
}
