import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";
import {
  type EndedSighting,
  RECENTLY_ENDED_MS,
  rememberEnded,
  vanishedWhileLive,
} from "../lib/recently-ended.ts";

/**
 * The auctions this page saw end in the last few minutes, newest end first. One that leaves the live
 * list while the page still shows it live (its `auction_ended` missed) is read once to learn how it
 * ended.
 */
export function useRecentlyEnded(latest: readonly AuctionSummary[] | undefined): AuctionSummary[] {
  const queryClient = useQueryClient();
  const sightings = useRef(new Map<string, EndedSighting>());
  const previous = useRef<readonly AuctionSummary[] | undefined>(undefined);
  const [, setTick] = useState(0);
  if (latest) sightings.current = rememberEnded(sightings.current, latest, Date.now());
  useEffect(() => {
    if (!latest) return;
    const vanished = vanishedWhileLive(previous.current, latest);
    previous.current = latest;
    for (const id of vanished) {
      if (sightings.current.has(id)) continue;
      queryClient.fetchQuery(auctionQueries.detail(id)).then(
        ({ bids: _bids, ...auction }) => {
          sightings.current = rememberEnded(sightings.current, [auction], Date.now());
          setTick((n) => n + 1);
        },
        () => {}, // gone for good (404) or unreachable: the card just leaves, as before
      );
    }
  }, [latest, queryClient]);
  // Forget them on time even when no new list arrives.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), RECENTLY_ENDED_MS / 5);
    return () => clearInterval(timer);
  }, []);
  return [...rememberEnded(sightings.current, [], Date.now()).values()]
    .map((s) => s.auction)
    .sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt));
}
