/**
 * The per-user rules a bid must also pass, for manual bids, agent bookings and agent bids alike:
 * self-exclusion (one projected read of the user, which also says whether they follow the auctions they
 * bid on), beginner auctions and the win limit
 * (functions/domain/who-may-bid.ts: one keys-only Query of the user's wins). Both reads go out at
 * once and do not depend on the auction, so a bid starts them beside the auction's own read.
 */
import { recentWinTimes } from "../../adapters/dynamo/auctions-repo.ts";
import { getBidderFlags } from "../../adapters/dynamo/limits-repo.ts";
import { winLimitConfig } from "../../config/runtime.ts";
import { forbidden, Refusal } from "../../domain/errors.ts";
import { selfExcludedMessage } from "../../domain/limits.ts";
import { BEGINNER_MESSAGE, winLimitMessage, winLimitReachedUntil } from "../../domain/who-may-bid.ts";

/** What the per-user rules need, read once whatever the auction: two reads at once. */
export interface BidderStanding {
  selfExcludedUntil: number | null;
  /** End times of the user's latest wins, newest first (enough of them for the win limit). */
  latestWins: number[];
  /** The user asked for alerts on the auctions they bid on (read with self-exclusion: no extra read). */
  followsBidAuctions: boolean;
  /** When the account was created (ISO; same read): the badge the live message carries with the bid. */
  joinedAt?: string;
}

export async function readBidderStanding(userId: string): Promise<BidderStanding> {
  const limit = winLimitConfig();
  const [flags, latestWins] = await Promise.all([
    getBidderFlags(userId),
    // Newest first from the beginning of time: any win at all refuses a beginner auction, and the
    // newest `limit.wins` are the ones the window counts.
    recentWinTimes(userId, 0, Math.max(limit.wins, 1)),
  ]);
  return {
    selfExcludedUntil: flags.selfExcludedUntil,
    latestWins,
    followsBidAuctions: flags.followsBidAuctions,
    ...(flags.joinedAt ? { joinedAt: flags.joinedAt } : {}),
  };
}

/** Throws the refusal a user with this standing meets on this auction now, if any. */
export function assertStandingAllows(standing: BidderStanding, auction: { beginner?: boolean }, now: number) {
  if (standing.selfExcludedUntil && standing.selfExcludedUntil > now) {
    throw forbidden(selfExcludedMessage(standing.selfExcludedUntil));
  }
  if (auction.beginner && standing.latestWins.length > 0) throw forbidden(BEGINNER_MESSAGE);
  const limit = winLimitConfig();
  const until = winLimitReachedUntil(standing.latestWins, limit, now);
  if (until !== null) throw forbidden(winLimitMessage(limit, until));
}

/** Throws the refusal a user meets on this auction now, if any. */
export async function assertBidderEligible(
  userId: string,
  auction: { beginner?: boolean },
  now: number,
): Promise<void> {
  assertStandingAllows(await readBidderStanding(userId), auction, now);
}

/**
 * The same rules as a yes/no, for the agent engine. Only a refusal is a "no": a read that failed
 * (throttled, timed out) says nothing about the user, so it is thrown after the SDK's own retries,
 * and the engine's message goes back to the queue instead of stopping the agent for good.
 */
export async function bidderEligible(
  userId: string,
  auction: { beginner?: boolean },
  now: number,
): Promise<boolean> {
  try {
    await assertBidderEligible(userId, auction, now);
    return true;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}
