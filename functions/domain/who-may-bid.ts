/**
 * Who may bid, beyond the auction's own rules (domain/bidding.ts): beginner auctions and the published
 * win limit. Pure: the caller reads the user's recent wins; time is a parameter.
 */
export const BEGINNER_MESSAGE = "Beginner auctions are for bidders who have not won yet";

export interface WinLimit {
  wins: number;
  days: number;
}

export const DEFAULT_WIN_LIMIT: WinLimit = { wins: 10, days: 30 };

const DAY_MS = 86_400_000;

/** The earliest moment the win limit looks back to. */
export function winWindowStart(limit: WinLimit, now: number): number {
  return now - limit.days * DAY_MS;
}

/**
 * With `winsInWindow` (end times, ms epoch, of the user's wins since winWindowStart), null when the
 * user may bid, else the moment they may bid again: when the oldest of the counted wins leaves the
 * window.
 */
export function winLimitReachedUntil(
  winsInWindow: readonly number[],
  limit: WinLimit,
  now: number,
): number | null {
  const counted = winsInWindow.filter((t) => t > winWindowStart(limit, now)).sort((a, b) => b - a);
  if (counted.length < limit.wins) return null;
  const oldestCounted = counted[limit.wins - 1]!;
  return oldestCounted + limit.days * DAY_MS;
}

export function winLimitMessage(limit: WinLimit, until: number): string {
  const date = new Date(until).toISOString().slice(0, 16).replace("T", " ");
  return `You have won ${limit.wins} auctions in the last ${limit.days} days, the most allowed. You may bid again from ${date} UTC.`;
}
