import type { AuctionSummary } from "#shared/schemas/auctions";

/** How long the home page keeps an auction it saw end (with "Sold for $X"). */
export const RECENTLY_ENDED_MS = 5 * 60 * 1000;

export interface EndedSighting {
  auction: AuctionSummary;
  /** When this page first saw it ended (ms epoch, the page's clock). */
  seenAt: number;
}

/**
 * The live list drops an auction once it is finalized; the page remembers the ones it saw end. Takes
 * the remembered sightings and the latest list, returns the sightings to keep (newest state of each,
 * first-seen time kept, older than RECENTLY_ENDED_MS dropped). Pure, so the rule is unit-tested.
 */
export function rememberEnded(
  sightings: ReadonlyMap<string, EndedSighting>,
  latest: readonly AuctionSummary[],
  now: number,
): Map<string, EndedSighting> {
  const kept = new Map<string, EndedSighting>();
  for (const [id, sighting] of sightings) {
    if (now - sighting.seenAt < RECENTLY_ENDED_MS) kept.set(id, sighting);
  }
  for (const auction of latest) {
    if (auction.status === "active") continue;
    const before = kept.get(auction.id);
    kept.set(auction.id, { auction, seenAt: before?.seenAt ?? now });
  }
  return kept;
}

/**
 * The auctions `previous` showed live that `latest` no longer lists: each ended and was finalized
 * between two polls, and this page learns how only from its socket's `auction_ended`, which it misses
 * when the message went out before the socket connected (or while it reconnected). Their own reads
 * then tell the outcome.
 */
export function vanishedWhileLive(
  previous: readonly AuctionSummary[] | undefined,
  latest: readonly AuctionSummary[],
): string[] {
  if (!previous) return [];
  const listed = new Set(latest.map((auction) => auction.id));
  return previous
    .filter((auction) => auction.status === "active" && !listed.has(auction.id))
    .map((a) => a.id);
}
