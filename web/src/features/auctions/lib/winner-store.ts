/**
 * The one winner celebration of the tab: opened when `auction_ended` names the signed-in user (or the
 * detail page sees the auction it shows end with them as winner), once per auction.
 */
import { useSyncExternalStore } from "react";

export interface Win {
  auctionId: string;
  productName: string;
  finalPrice: string;
}

let current: Win | null = null;
const celebrated = new Set<string>();
const subscribers = new Set<() => void>();

function notify() {
  for (const subscriber of subscribers) subscriber();
}

export function celebrateWin(win: Win) {
  if (celebrated.has(win.auctionId)) return;
  celebrated.add(win.auctionId);
  current = win;
  notify();
}

export function dismissWin() {
  current = null;
  notify();
}

export function useCurrentWin(): Win | null {
  return useSyncExternalStore(
    (onChange) => {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    () => current,
    // The prerendered page (web/src/prerender.tsx) and its hydration: nobody has won yet.
    () => null,
  );
}
