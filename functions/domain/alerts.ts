/**
 * When an ending-soon alert is due (docs/product.md, Alerts). Pure: the auction's end, the time and
 * the user's threshold in, the answer out. A penny auction's clock moves back with late bids, so the
 * alert is about the first time it is this close to its end; the caller records that it went (once
 * per auction and user) and never asks again.
 */
import { MAX_ENDING_SOON_MINUTES } from "#shared/schemas/notifications";
import type { EmailEvent } from "./notifications.ts";

/** The sweep looks this far ahead: no user's threshold is longer. */
export const ENDING_SOON_LOOKAHEAD_MS = MAX_ENDING_SOON_MINUTES * 60_000;

/** True while the auction is live and has at most `minutes` minutes left at `now`. */
export function endingSoonDue(endsAt: number, now: number, minutes: number): boolean {
  return endsAt > now && endsAt - now <= minutes * 60_000;
}

/** The email event of one user's ending-soon alert; its key names the auction and the user, so it goes once. */
export function endingSoonEvent(
  auction: { id: string; productName: string; priceCents: number },
  userId: string,
  minutes: number,
  now: number,
): EmailEvent {
  return {
    key: `ending_soon#${auction.id}#${userId}`,
    kind: "ending_soon",
    recipient: { userId },
    at: now,
    data: {
      auctionId: auction.id,
      productName: auction.productName,
      priceCents: auction.priceCents,
      minutesLeft: minutes,
    },
  };
}
