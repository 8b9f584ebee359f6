/**
 * Spending limits and self-exclusion (rules in functions/domain/limits.ts): what the user
 * sees and sets, and the standing purchases and bids are checked against. Nothing here calls the
 * payment provider (self-exclusion.ts and credit-bid-purchase.ts do), so the limits pages' functions
 * stay small.
 */
import { centsToDecimal } from "#shared/money";
import type { LimitsView } from "#shared/schemas/limits";
import { getResponsiblePlay, writeLimitSettings } from "../../adapters/dynamo/limits-repo.ts";
import { purchasesSince } from "../../adapters/dynamo/purchases-repo.ts";
import { forbidden, unauthorized } from "../../domain/errors.ts";
import {
  type Limits,
  limitsInForce,
  periodBounds,
  requestLimits,
  selfExcludedMessage,
  spentByPeriod,
  spentFromTally,
} from "../../domain/limits.ts";

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

/**
 * Everything a bid-package payment is checked against, read consistently from the user item: the
 * limits in force, self-exclusion, what was credited in each current period (the tally; for a user
 * with no credit since the tally was kept, summed from the purchases index) and the open payment.
 * Null when the user does not exist.
 */
export async function purchaseStanding(userId: string, now: number) {
  const stored = await getResponsiblePlay(userId);
  if (!stored) return null;
  const inForce = limitsInForce(stored, now);
  const spent = stored.tally ? spentFromTally(stored.tally, now) : await spentFromIndex(userId, now);
  return {
    ...inForce,
    selfExcludedUntil: stored.selfExcludedUntil,
    spent,
    spendSeq: stored.spendSeq,
    openPurchaseIntentId: stored.openPurchaseIntentId,
  };
}
export type PurchaseStanding = NonNullable<Awaited<ReturnType<typeof purchaseStanding>>>;

async function spentFromIndex(userId: string, now: number) {
  const since = Math.min(...(["daily", "weekly", "monthly"] as const).map((p) => periodBounds(p, now).start));
  return spentByPeriod(await purchasesSince(userId, since), now);
}

async function load(userId: string, now: number): Promise<PurchaseStanding> {
  const standing = await purchaseStanding(userId, now);
  if (!standing) throw unauthorized();
  return standing;
}

export function limitsView(state: PurchaseStanding, now: number): LimitsView {
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
    resetsAt: {
      day: new Date(periodBounds("daily", now).end).toISOString(),
      week: new Date(periodBounds("weekly", now).end).toISOString(),
      month: new Date(periodBounds("monthly", now).end).toISOString(),
    },
  };
}

export async function readLimits(userId: string, now: number): Promise<LimitsView> {
  return limitsView(await load(userId, now), now);
}

export async function updateLimits(
  userId: string,
  request: Partial<Limits>,
  now: number,
): Promise<LimitsView> {
  const state = await load(userId, now);
  const next = requestLimits(state, request, now);
  await writeLimitSettings(userId, next);
  return limitsView({ ...state, ...next }, now);
}

export async function assertNotSelfExcluded(userId: string, now: number): Promise<void> {
  const stored = await getResponsiblePlay(userId);
  if (stored?.selfExcludedUntil && stored.selfExcludedUntil > now)
    throw forbidden(selfExcludedMessage(stored.selfExcludedUntil));
}
