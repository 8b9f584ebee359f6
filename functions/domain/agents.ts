/**
 * The Bid Agent's published rules. Pure: no AWS, time and randomness are parameters.
 *
 * An agent holds credits booked out of its user's balance. When an auction with active agents is inside
 * the window below (8 to 2 seconds left with the default 10 s extension), the engine places ONE
 * ordinary bid for ONE eligible agent: the one whose last bid (or, before its first, its booking)
 * is oldest; ties are broken at random. An agent never bids while its user leads, above its max price,
 * after the end, or for a user who could not bid by hand.
 */

import type { AgentStatus, AgentStopReason } from "#shared/schemas/agents";

/**
 * The window in which the engine bids for an agent, as fractions of the auction's extension (the time
 * a late bid puts back on the clock): with the default 10 s extension, between 8 and 2 seconds left.
 * The engine aims at the middle (5 s), so a check that arrives a little late still lands inside.
 */
export const AGENT_WINDOW = { earliest: 0.8, latest: 0.2, aim: 0.5 } as const;

/** The window in milliseconds left on the clock, for an auction with this extension. */
export function agentWindowMs(extensionSeconds: number) {
  const ms = extensionSeconds * 1000;
  return {
    earliestMsLeft: ms * AGENT_WINDOW.earliest,
    latestMsLeft: ms * AGENT_WINDOW.latest,
    aimMsLeft: ms * AGENT_WINDOW.aim,
  };
}

export type { AgentStatus, AgentStopReason } from "#shared/schemas/agents";

export interface AgentState {
  userId: string;
  bidsLeft: number;
  /** null: no ceiling. */
  maxPriceCents: number | null;
  status: AgentStatus;
  /** ms epoch of its last bid, or of its booking before its first bid. */
  lastActiveAt: number;
}

/** What the engine needs to know of the auction at the moment it looks. */
export interface AgentAuctionView {
  active: boolean;
  endsAt: number;
  priceCents: number;
  bidIncrementCents: number;
  lastBidderId?: string | null;
}

/** When the engine should next look at an auction: at the aim of the window, or now if that has passed. */
export function agentCheckAt(endsAt: number, now: number, extensionSeconds: number): number {
  return Math.max(now, endsAt - agentWindowMs(extensionSeconds).aimMsLeft);
}

/**
 * Where `now` falls for an auction ending at `endsAt`: before the window the engine waits; after the
 * end nothing may bid. A look that arrives after the window but before the end still bids: a bid
 * before the end is valid, and the bid's own transaction refuses anything at or after the end.
 */
export function windowState(
  endsAt: number,
  now: number,
  extensionSeconds: number,
): "early" | "open" | "over" {
  const leftMs = endsAt - now;
  if (leftMs <= 0) return "over";
  if (leftMs > agentWindowMs(extensionSeconds).earliestMsLeft) return "early";
  return "open";
}

/**
 * Why an agent cannot bid now, or null when it may. The user's own rules (the manual bid's) need reads,
 * so the engine checks them for the agent this picks, at the moment it would bid.
 */
export function agentRefusal(
  agent: AgentState,
  auction: AgentAuctionView,
): "inactive" | "leading" | AgentStopReason | null {
  if (agent.status !== "active") return "inactive";
  if (!auction.active) return "auction-ended";
  if (agent.bidsLeft < 1) return "bids-spent";
  if (agent.maxPriceCents !== null && auction.priceCents + auction.bidIncrementCents > agent.maxPriceCents) {
    return "max-price";
  }
  if (auction.lastBidderId === agent.userId) return "leading";
  return null;
}

/**
 * The published order: the agent whose last activity is oldest bids first; agents tied on that moment
 * are ordered by `random` (in [0, 1)), so no one wins ties by signing up first or by user id.
 */
export function pickAgent<T extends AgentState>(
  agents: readonly T[],
  auction: AgentAuctionView,
  random: () => number,
): T | null {
  const eligible = agents.filter((agent) => agentRefusal(agent, auction) === null);
  if (eligible.length === 0) return null;
  const oldest = Math.min(...eligible.map((agent) => agent.lastActiveAt));
  const tied = eligible.filter((agent) => agent.lastActiveAt === oldest);
  return tied[Math.min(tied.length - 1, Math.floor(random() * tied.length))] ?? null;
}

/**
 * Agents that can never bid again on this auction and should stop now (status `finished`, unused
 * credits returned): spent, or the next price is above their ceiling (prices only rise).
 */
export function agentsToFinish<T extends AgentState>(
  agents: readonly T[],
  auction: AgentAuctionView,
): { agent: T; reason: "bids-spent" | "max-price" }[] {
  const stops: { agent: T; reason: "bids-spent" | "max-price" }[] = [];
  for (const agent of agents) {
    if (agent.status !== "active") continue;
    const refusal = agentRefusal(agent, { ...auction, active: true });
    if (refusal === "bids-spent" || refusal === "max-price") stops.push({ agent, reason: refusal });
  }
  return stops;
}

/**
 * A booking replaces the previous one: credits to take from the balance (positive) or give back
 * (negative) so the agent holds exactly `requestedBids` unused credits.
 */
export function bookingDelta(current: Pick<AgentState, "bidsLeft" | "status"> | null, requestedBids: number) {
  const held = current && current.status === "active" ? current.bidsLeft : 0;
  return requestedBids - held;
}
