/**
 * The per-user rules a bid must also pass, for manual bids, agent bookings and agent bids alike:
 * self-exclusion (one projected read of the user), beginner auctions and the win limit
 * (functions/domain/who-may-bid.ts: one keys-only Query of the user's wins).
 */
import { recentWinTimes } from "../adapters/dynamo/auctions-repo.ts";
import { winLimitConfig } from "../config/runtime.ts";
import { forbidden } from "../domain/errors.ts";
import {
  BEGINNER_MESSAGE,
  winLimitMessage,
  winLimitReachedUntil,
  winWindowStart,
} from "../domain/who-may-bid.ts";
import { assertNotSelfExcluded } from "./responsible-play.ts";

/** Throws the refusal a user meets on this auction now, if any. */
export async function assertBidderEligible(
  userId: string,
  auction: { beginner?: boolean },
  now: number,
): Promise<void> {
  await assertNotSelfExcluded(userId, now);
  const limit = winLimitConfig();
  const since = auction.beginner ? 0 : winWindowStart(limit, now);
  const wins = await recentWinTimes(userId, since, Math.max(limit.wins, 1));
  if (auction.beginner && wins.length > 0) throw forbidden(BEGINNER_MESSAGE);
  const until = winLimitReachedUntil(wins, limit, now);
  if (until !== null) throw forbidden(winLimitMessage(limit, until));
}

/** The same rules as a yes/no, for the agent engine. */
export async function bidderEligible(
  userId: string,
  auction: { beginner?: boolean },
  now: number,
): Promise<boolean> {
  try {
    await assertBidderEligible(userId, auction, now);
    return true;
  } catch {
    return false;
  }
}
