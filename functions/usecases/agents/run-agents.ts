/**
 * The Bid Agent engine (rules in functions/domain/agents.ts). A check looks at one auction at one
 * moment: inside the window it places ONE ordinary bid for the fairest eligible agent and queues the
 * next check; before it, it queues itself for the window; after the end, it settles every agent
 * (unused credits back, exactly once). Everything it needs is in the table, so a restarted engine
 * resumes from the sweep (`sweepAgents`) alone.
 */

import { lockedOut } from "#shared/bid-refusals";
import { type AgentCheck, MAX_DELAY_SECONDS } from "../../adapters/agents/agent-queue.ts";
import { queueCheck } from "../../adapters/agents/next-check.ts";
import {
  type AgentRecord,
  agentBidTransaction,
  listAgents,
  stopAgent,
} from "../../adapters/dynamo/agents-repo.ts";
import { type AuctionRecord, getAuction, listAuctionsByStatus } from "../../adapters/dynamo/auctions-repo.ts";
import { getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import {
  type AgentAuctionView,
  agentCheckAt,
  agentsToFinish,
  pickAgent,
  windowState,
} from "../../domain/agents.ts";
import { notificationSettingsOf } from "../../domain/notifications.ts";
import { followAuctionBidOn } from "../alerts/bid-followers.ts";
import { finalizeIfOver } from "../auctions/finalize-auction.ts";
import { commitBid } from "../bidding/bid.ts";
import { bidderEligible } from "../bidding/bidder-eligibility.ts";
import { handOffLiveUpdate } from "../realtime/live-updates.ts";

export type CheckOutcome =
  | "missing"
  | "settled"
  | "stale"
  | "waiting"
  | "no-eligible-agent"
  | "bid"
  | "lost-race";

const view = (auction: AuctionRecord): AgentAuctionView => ({
  active: auction.status === "active",
  endsAt: auction.endsAt,
  priceCents: auction.priceCents,
  bidIncrementCents: auction.bidIncrementCents,
  lastBidderId: auction.lastBidderId ?? null,
});

/** Gives every active agent of a finished auction its unused credits back, each exactly once. */
export async function settleAgents(auctionId: string, now: number): Promise<number> {
  let returned = 0;
  return retrying(
    { attempts: 3 },
    async () => {
      const active = (await listAgents(auctionId)).filter((agent) => agent.status === "active");
      if (active.length === 0) return returned;
      for (const agent of active) {
        const stopped = await stopAgent(agent, "auction-ended", now);
        if (stopped.ok) returned += stopped.returned;
      }
      return RETRY;
    },
    () => returned,
  );
}

/**
 * On a locked auction, stops the agents of users who had placed no bid on it before it locked (by hand
 * or by the agent), each giving its unused credits back. An agent that has bid never needs the read.
 */
async function stopLockedOutAgents(auction: AuctionRecord, now: number): Promise<void> {
  const idle = (await listAgents(auction.id)).filter(
    (agent) => agent.status === "active" && agent.bidsPlaced === 0,
  );
  for (const agent of idle) {
    const { bids } = await getBidderTally(auction.id, agent.userId);
    if (lockedOut({ locked: true }, bids)) await stopAgent(agent, "locked-out", now);
  }
}

/** Manual-bid rules for the user behind an agent, read at the moment it would bid. */
/** Null when the agent's user may not bid now; else whether they follow the auctions they bid on. */
async function userMayBid(
  agent: AgentRecord,
  auction: AuctionRecord,
  now: number,
): Promise<{ followsBidAuctions: boolean; joinedAt: string } | null> {
  if (agent.userId === auction.sellerUserId) return null;
  const user = await getUser(agent.userId);
  if (!user || user.role === "admin") return null;
  if (!(await bidderEligible(agent.userId, auction, now))) return null;
  return {
    followsBidAuctions: notificationSettingsOf(user.notifications).alertsForBidAuctions,
    joinedAt: user.createdAt,
  };
}

export async function runAgentCheck(
  check: AgentCheck,
  now: number,
  random: () => number = Math.random,
  liveHandoff?: LiveHandoff,
): Promise<CheckOutcome> {
  const read = await getAuction(check.auctionId);
  if (!read) return "missing";
  const state = read.status === "active" ? windowState(read.endsAt, now, read.extensionSeconds) : "over";
  if (state === "over") {
    if (read.status === "active") await finalizeIfOver(read, now, liveHandoff);
    await settleAgents(read.id, now);
    return "settled";
  }
  if (read.totalBids !== check.seenTotalBids) return "stale";
  if (read.locked) await stopLockedOutAgents(read, now);
  if (state === "early") {
    await queueCheck(read, agentCheckAt(read.endsAt, now, read.extensionSeconds), now);
    return "waiting";
  }

  let agents = (await listAgents(read.id)).filter((agent) => agent.status === "active");
  for (const { agent, reason } of agentsToFinish(agents, view(read))) {
    await stopAgent(agent, reason, now);
  }
  agents = agents.filter((agent) => !agentsToFinish([agent], view(read)).length);

  for (;;) {
    const chosen = pickAgent(agents, view(read), random);
    if (!chosen) {
      // Nobody can bid now; look once more at the end to settle what is left.
      if (agents.length > 0) await queueCheck(read, read.endsAt, now);
      return "no-eligible-agent";
    }
    const bidder = await userMayBid(chosen, read, now);
    if (bidder) return placeAgentBid(read, chosen, bidder, now, liveHandoff);
    await stopAgent(chosen, "user-refused", now);
    agents = agents.filter((agent) => agent !== chosen);
  }
}

async function placeAgentBid(
  auction: AuctionRecord,
  agent: AgentRecord,
  bidder: { followsBidAuctions: boolean; joinedAt: string },
  now: number,
  liveHandoff: LiveHandoff | undefined,
): Promise<CheckOutcome> {
  const written = await commitBid(
    auction,
    { id: agent.userId, username: agent.username, joinedAt: bidder.joinedAt },
    now,
    true,
    (write) => agentBidTransaction(agent, write),
  );
  if (!written.ok) {
    // The user bought the item with Buy It Now: their part in this auction is over.
    if (written.reason === "bought-now") await stopAgent(agent, "user-refused", now);
    // The auction locked before this user's first bid on it.
    if (written.reason === "locked-out") await stopAgent(agent, "locked-out", now);
    // Otherwise another bid got there first: it queued its own check.
    return "lost-race";
  }
  const after = written.auction;
  await Promise.all([
    handOffLiveUpdate(liveHandoff, after, "bid", now),
    followAuctionBidOn({ id: agent.userId, followsBidAuctions: bidder.followsBidAuctions }, after, now),
  ]);
  const spent = { ...agent, bidsLeft: agent.bidsLeft - 1, version: agent.version + 1 };
  if (spent.bidsLeft === 0) await stopAgent(spent, "bids-spent", now);
  await queueCheck(after, agentCheckAt(after.endsAt, now, after.extensionSeconds), now);
  return "bid";
}

/**
 * Recovery from the table alone: queues a check for every live auction with active agents whose end is
 * within the queue's reach (and at once for those already over, to settle them). Runs every minute on
 * AWS and at the start of the local stack.
 */
export async function sweepAgents(now: number): Promise<number> {
  const live = (await listAuctionsByStatus("active")).filter((auction) => (auction.activeAgents ?? 0) > 0);
  let queued = 0;
  for (const auction of live) {
    const at = agentCheckAt(auction.endsAt, now, auction.extensionSeconds);
    if (at - now > MAX_DELAY_SECONDS * 1000) continue;
    await queueCheck(auction, at, now);
    queued++;
  }
  return queued;
}
