/**
 * Booking, reading and cancelling a Bid Agent (engine in run-agents.ts). The same rules as a manual
 * bid apply, with the same messages; booking takes the credits out of the balance at once.
 */

import { BID_MESSAGES } from "#shared/bid-refusals";
import { centsToDecimal } from "#shared/money";
import type { AgentView } from "#shared/schemas/agents";
import { queueNextCheck } from "../../adapters/agents/next-check.ts";
import { type AgentRecord, getAgent, stopAgent, writeBooking } from "../../adapters/dynamo/agents-repo.ts";
import { getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { type BidderTally, getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { bookingDelta } from "../../domain/agents.ts";
import { bidRefusal } from "../../domain/bidding.ts";
import { badRequest, notFound, serviceUnavailable } from "../../domain/errors.ts";
import { bidRefusalError } from "../bidding/bid.ts";
import { assertBidderEligible } from "../bidding/bidder-eligibility.ts";

export const AGENT_MESSAGES = {
  none: "You have no Bid Agent on this auction",
  maxPriceTooLow: "Max price must be above the current price",
} as const;

export function toAgentView(agent: AgentRecord): AgentView {
  return {
    auctionId: agent.auctionId,
    bidsBooked: agent.bidsBooked,
    bidsLeft: agent.bidsLeft,
    bidsPlaced: agent.bidsPlaced,
    maxPrice: agent.maxPriceCents === null ? null : centsToDecimal(agent.maxPriceCents),
    status: agent.status,
    stopReason: agent.stopReason ?? null,
    returned: agent.returned ?? 0,
  };
}

interface Booker {
  id: string;
  username: string;
  role?: string;
}

export async function bookAgent(input: {
  auctionId: string;
  user: Booker;
  bids: number;
  maxPriceCents: number | null;
  now: number;
}): Promise<AgentView> {
  const { auctionId, user, bids, maxPriceCents, now } = input;
  let tally: Promise<BidderTally> | undefined;
  return retrying(
    { attempts: 4 },
    async (attempt) => {
      // The tally only grows while this runs (and not at all for a user locked out): read once.
      tally ??= getBidderTally(auctionId, user.id);
      const [auction, placed] = await Promise.all([getAuction(auctionId), tally]);
      if (!auction) throw notFound(BID_MESSAGES.notFound);
      const refusal = bidRefusal(auction, user.id, now, user.role, placed.bids);
      // Leading now says nothing about the bids to come: only the refusals that last stop a booking.
      if (refusal && refusal !== "already-leading") throw bidRefusalError(refusal);
      if (attempt === 0) {
        await assertBidderEligible(user.id, auction, now);
        if (placed.boughtNowOrderId) throw bidRefusalError("bought-now");
      }
      if (maxPriceCents !== null && maxPriceCents < auction.priceCents + auction.bidIncrementCents) {
        throw badRequest(AGENT_MESSAGES.maxPriceTooLow);
      }
      const previous = await getAgent(auctionId, user.id);
      const keepsOrder = previous?.status === "active";
      const at = new Date(now).toISOString();
      const next: AgentRecord = {
        auctionId,
        userId: user.id,
        username: user.username,
        bidsBooked: bids,
        bidsLeft: bids,
        bidsPlaced: previous?.bidsPlaced ?? 0,
        maxPriceCents,
        status: "active",
        // Re-booking an active agent keeps its place in the fair order; a new one queues behind.
        lastActiveAt: keepsOrder ? previous.lastActiveAt : now,
        createdAt: previous?.createdAt ?? at,
        updatedAt: at,
        version: (previous?.version ?? 0) + 1,
      };
      const written = await writeBooking({ previous, next, delta: bookingDelta(previous, bids), now });
      if (written.ok) {
        await queueNextCheck({ ...auction, activeAgents: Math.max(1, auction.activeAgents ?? 0) }, now);
        return toAgentView(next);
      }
      if (written.reason === "no-credits" || written.reason === "ended")
        throw bidRefusalError(written.reason);
      return RETRY;
    },
    () => {
      throw serviceUnavailable(BID_MESSAGES.busy);
    },
  );
}

/**
 * The caller's agent, or null when they never booked one: having none is an ordinary state every
 * bidder's auction page shows, not a missing resource (a 404 there would be a failed request in
 * every signed-in visitor's console). An auction that does not exist is still 404.
 */
export async function readAgent(auctionId: string, userId: string): Promise<AgentView | null> {
  const agent = await getAgent(auctionId, userId);
  if (agent) return toAgentView(agent);
  if (!(await getAuction(auctionId))) throw notFound(BID_MESSAGES.notFound);
  return null;
}

/** Stops the caller's agent; its unused credits go back to the balance. */
export async function cancelAgent(
  auctionId: string,
  userId: string,
  now: number,
): Promise<{ returned: number }> {
  const stopped = await stopAgentOf(auctionId, userId, now);
  if (!stopped) throw notFound(AGENT_MESSAGES.none);
  return stopped;
}

/**
 * Stops `userId`'s agent on the auction if it is active, returning its unused credits (0 when it had
 * already stopped); null when they never booked one. 503 after a few lost races with the engine.
 */
export async function stopAgentOf(
  auctionId: string,
  userId: string,
  now: number,
): Promise<{ returned: number } | null> {
  return retrying(
    { attempts: 4 },
    async () => {
      const agent = await getAgent(auctionId, userId);
      if (!agent) return null;
      if (agent.status !== "active") return { returned: 0 };
      const stopped = await stopAgent(agent, "cancelled", now);
      if (stopped.ok) return { returned: stopped.returned };
      return RETRY;
    },
    () => {
      throw serviceUnavailable(BID_MESSAGES.busy);
    },
  );
}
