/**
 * The closer's work when the auction clock fires (functions/handlers/auctions/close-auction.ts):
 * finalize the auction, give its Bid Agents' unused credits back, or re-arm the clock.
 */
import { getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import type { AuctionClock } from "../../adapters/scheduler/auction-clock.ts";
import { clockFromEnv } from "../../adapters/scheduler/clock-from-env.ts";
import { settleAgents } from "../agents/run-agents.ts";
import { finalizeIfOver } from "./finalize-auction.ts";

export type CloseResult = "missing" | "finalized" | "already-finished" | "re-armed";

/**
 * The closer's work when the clock fires for `auctionId`: finalize when over; when a bid moved the
 * end (or the clock fired early — EventBridge has about a minute of precision), re-arm at the new end.
 */
export async function closeAuction(
  auctionId: string,
  now: number,
  clock: AuctionClock = clockFromEnv(),
  liveHandoff?: LiveHandoff,
): Promise<CloseResult> {
  const read = await getAuction(auctionId);
  if (!read) return "missing";
  const { auction, finalizedNow } = await finalizeIfOver(read, now, liveHandoff);
  if (!auction) return "missing";
  // However often the end is processed, each agent gives its credits back once (conditioned per agent).
  if (auction.status !== "active" && (auction.activeAgents ?? 0) > 0) await settleAgents(auction.id, now);
  if (finalizedNow) return "finalized";
  if (auction.status !== "active") return "already-finished";
  await clock.scheduleEnd(auction.id, auction.endsAt, { rearmedAt: now });
  return "re-armed";
}
