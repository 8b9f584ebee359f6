import { useEffect, useRef, useState } from "react";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { type EndedSighting, RECENTLY_ENDED_MS, rememberEnded } from "../lib/recently-ended.ts";

/** The auctions this page saw end in the last few minutes, newest end first. */
export function useRecentlyEnded(latest: readonly AuctionSummary[] | undefined): AuctionSummary[] {
  const sightings = useRef(new Map<string, EndedSighting>());
  const [, setTick] = useState(0);
  if (latest) sightings.current = rememberEnded(sightings.current, latest, Date.now());
  // Forget them on time even when no new list arrives.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), RECENTLY_ENDED_MS / 5);
    return () => clearInterval(timer);
  }, []);
  return [...rememberEnded(sightings.current, [], Date.now()).values()]
    .map((s) => s.auction)
    .sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt));
}
