/**
 * Spending limits and self-exclusion (rules in functions/domain/spending-limits.ts): what the user
 * sees and sets, and the checks purchases and bids pass.
 */
import { centsToDecimal } from "#shared/money";
import type { LimitsView } from "#shared/schemas/limits";
import { listUserAgents, stopAgent } from "../adapters/dynamo/agents-repo.ts";
import {
  extendSelfExclusion,
  getResponsiblePlay,
  writeLimitSettings,
} from "../adapters/dynamo/limits-repo.ts";
import { purchasesSince } from "../adapters/dynamo/purchases-repo.ts";
import { forbidden, unauthorized } from "../domain/errors.ts";
import {
  type Limits,
  limitRefusal,
  limitRefusalMessage,
  limitsInForce,
  periodBounds,
  requestLimits,
  selfExcludedMessage,
  selfExclusionUntil,
  spentByPeriod,
} from "../domain/spending-limits.ts";

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

async function load(userId: string, now: number) {
  const stored = await getResponsiblePlay(userId);
  if (!stored) throw unauthorized();
  const inForce = limitsInForce(stored, now);
  const since = Math.min(...(["daily", "weekly", "monthly"] as const).map((p) => periodBounds(p, now).start));
  const spent = spentByPeriod(await purchasesSince(userId, since), now);
  return { ...inForce, selfExcludedUntil: stored.selfExcludedUntil, spent };
}

function view(state: Awaited<ReturnType<typeof load>>, now: number): LimitsView {
  const pending = state.pending;
  return {
    daily: money(state.limits.daily),
    weekly: money(state.limits.weekly),
    monthly: money(state.limits.monthly),
    pending: pending
      ? {
          ...("daily" in pending ? { daily: money(pending.daily) } : {}),
          ...("weekly" in pending ? { weekly: money(pending.weekly) } : {}),
          ...("monthly" in pending ? { monthly: money(pending.monthly) } : {}),
          effectiveAt: new Date(pending.effectiveAt).toISOString(),
        }
      : null,
    selfExcludedUntil:
      state.selfExcludedUntil && state.selfExcludedUntil > now
        ? new Date(state.selfExcludedUntil).toISOString()
        : null,
    spent: {
      day: money(state.spent.daily)!,
      week: money(state.spent.weekly)!,
      month: money(state.spent.monthly)!,
    },
  };
}

export async function readLimits(userId: string, now: number): Promise<LimitsView> {
  return view(await load(userId, now), now);
}

export async function updateLimits(
  userId: string,
  request: Partial<Limits>,
  now: number,
): Promise<LimitsView> {
  const state = await load(userId, now);
  const next = requestLimits(state, request, now);
  await writeLimitSettings(userId, next);
  return view({ ...state, ...next }, now);
}

/**
 * No purchases and no bids until then, not even if the user asks: the end only moves later. Every
 * active Bid Agent of the user stops now and gives its credits back.
 */
export async function selfExclude(userId: string, days: number, now: number): Promise<LimitsView> {
  const state = await load(userId, now);
  const until = selfExclusionUntil(state.selfExcludedUntil, days, now);
  await extendSelfExclusion(userId, until);
  for (const agent of await listUserAgents(userId)) {
    if (agent.status === "active") await stopAgent(agent, "cancelled", now);
  }
  return view({ ...state, selfExcludedUntil: until }, now);
}

/** Refuses a purchase of `cents` that self-exclusion or a limit forbids (403 with the reason). */
export async function assertPurchaseAllowed(userId: string, cents: number, now: number): Promise<void> {
  const state = await load(userId, now);
  if (state.selfExcludedUntil && state.selfExcludedUntil > now)
    throw forbidden(selfExcludedMessage(state.selfExcludedUntil));
  const refusal = limitRefusal(state.limits, state.spent, cents, now);
  if (refusal) throw forbidden(limitRefusalMessage(refusal));
}

/** Refuses a bid of a self-excluded user. */
export async function assertNotSelfExcluded(userId: string, now: number): Promise<void> {
  const stored = await getResponsiblePlay(userId);
  if (stored?.selfExcludedUntil && stored.selfExcludedUntil > now)
    throw forbidden(selfExcludedMessage(stored.selfExcludedUntil));
}
