/**
 * Responsible play: purchase limits the user sets on bid packages, and self-exclusion. Pure: time is a
 * parameter. Windows are calendar periods in UTC (the day, the week from Monday, the month), so a
 * limit "resets" at a moment the user can be told.
 */
export type LimitPeriod = "daily" | "weekly" | "monthly";
export const LIMIT_PERIODS: readonly LimitPeriod[] = ["daily", "weekly", "monthly"];

/** Cents per period; null = no limit. */
export type Limits = Record<LimitPeriod, number | null>;
export const NO_LIMITS: Limits = { daily: null, weekly: null, monthly: null };

/** A raised or removed limit waits this long: a cooling-off period against a moment's impulse. */
export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

export interface LimitSettings {
  limits: Limits;
  /** Raised or removed limits waiting for `effectiveAt`. */
  pending: (Partial<Limits> & { effectiveAt: number }) | null;
}

/** The limits in force at `now`: pending changes whose time has come are applied. */
export function limitsInForce(settings: LimitSettings, now: number): LimitSettings {
  if (!settings.pending || settings.pending.effectiveAt > now) return settings;
  const { effectiveAt: _at, ...changes } = settings.pending;
  return { limits: { ...settings.limits, ...changes }, pending: null };
}

const stricter = (next: number | null, current: number | null) =>
  next !== null && (current === null || next <= current);

/**
 * Applies a request: lowering a limit (or setting one where there was none) is immediate; raising or
 * removing one waits RAISE_DELAY_MS. A period not named keeps its limit and any pending change.
 */
export function requestLimits(settings: LimitSettings, request: Partial<Limits>, now: number): LimitSettings {
  const current = limitsInForce(settings, now);
  const limits = { ...current.limits };
  const delayed: Partial<Limits> = {};
  const pendingBefore = current.pending ? { ...current.pending } : null;
  for (const period of LIMIT_PERIODS) {
    if (!(period in request)) continue;
    const next = request[period] ?? null;
    if (pendingBefore) delete pendingBefore[period];
    if (stricter(next, limits[period])) limits[period] = next;
    else if (next !== limits[period]) delayed[period] = next;
  }
  const keptPending = pendingBefore && LIMIT_PERIODS.some((p) => p in pendingBefore) ? pendingBefore : null;
  const pending =
    Object.keys(delayed).length > 0
      ? { ...(keptPending ?? {}), ...delayed, effectiveAt: now + RAISE_DELAY_MS }
      : keptPending;
  return { limits, pending };
}

/** Start (inclusive) and end (exclusive) of the period containing `now`, UTC. */
export function periodBounds(period: LimitPeriod, now: number): { start: number; end: number } {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  if (period === "daily") return { start: Date.UTC(y, m, day), end: Date.UTC(y, m, day + 1) };
  if (period === "monthly") return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) };
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return { start: Date.UTC(y, m, day - sinceMonday), end: Date.UTC(y, m, day - sinceMonday + 7) };
}

/** Cents spent in each period from purchases (time, cents). */
export function spentByPeriod(
  purchases: readonly { at: number; cents: number }[],
  now: number,
): Record<LimitPeriod, number> {
  const spent = { daily: 0, weekly: 0, monthly: 0 };
  for (const period of LIMIT_PERIODS) {
    const { start } = periodBounds(period, now);
    spent[period] = purchases
      .filter((p) => p.at >= start && p.at <= now)
      .reduce((sum, p) => sum + p.cents, 0);
  }
  return spent;
}

/** The first limit a purchase of `cents` would pass, with when it resets; null when it fits. */
export function limitRefusal(
  limits: Limits,
  spent: Record<LimitPeriod, number>,
  cents: number,
  now: number,
): { period: LimitPeriod; limit: number; resetsAt: number } | null {
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit !== null && spent[period] + cents > limit) {
      return { period, limit, resetsAt: periodBounds(period, now).end };
    }
  }
  return null;
}

/** A moment in an API message ("2030-01-05 15:04 UTC"): messages have no reader's time zone. */
export const messageTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
const utc = messageTime;

export function limitRefusalMessage(refusal: {
  period: LimitPeriod;
  limit: number;
  resetsAt: number;
}): string {
  const amount = `$${(refusal.limit / 100).toFixed(2)}`;
  return `This purchase would pass your ${refusal.period} spending limit of ${amount}. It resets at ${utc(refusal.resetsAt)}.`;
}

export function selfExcludedMessage(until: number): string {
  return `Self-excluded until ${utc(until)}`;
}

/** Self-exclusion only ever lengthens: a new request never shortens the one in force. */
export function selfExclusionUntil(current: number | null, days: number, now: number): number {
  return Math.max(current ?? 0, now + days * 24 * 60 * 60 * 1000);
}

/**
 * What was credited in the current period of each kind, kept on the user item beside the limits so a
 * credit can check the limit and add itself in one conditional write (an index read could lag behind
 * a credit made a moment before). A period whose `start` is not the current one's counts nothing.
 */
export type SpendTally = Record<LimitPeriod, { start: number; cents: number }>;

/** Cents credited in each current period, from the tally. */
export function spentFromTally(tally: SpendTally, now: number): Record<LimitPeriod, number> {
  const spent = { daily: 0, weekly: 0, monthly: 0 };
  for (const period of LIMIT_PERIODS) {
    const entry = tally[period];
    spent[period] = entry && entry.start === periodBounds(period, now).start ? entry.cents : 0;
  }
  return spent;
}

/** The tally after a credit of `cents` at `now`, from what was spent in each current period. */
export function tallyAfter(spent: Record<LimitPeriod, number>, cents: number, now: number): SpendTally {
  const tally = {} as SpendTally;
  for (const period of LIMIT_PERIODS) {
    tally[period] = { start: periodBounds(period, now).start, cents: spent[period] + cents };
  }
  return tally;
}

/**
 * Why a bid-package payment of `cents` may not be credited (or started) at `now`: self-exclusion,
 * or the first limit it would pass. Null when it may. The same rule at both moments, so a payment
 * started within the limits and landing outside them is refused when it lands.
 */
export function purchaseRefusal(
  standing: { limits: Limits; selfExcludedUntil: number | null; spent: Record<LimitPeriod, number> },
  cents: number,
  now: number,
): string | null {
  if (standing.selfExcludedUntil && standing.selfExcludedUntil > now)
    return selfExcludedMessage(standing.selfExcludedUntil);
  const refusal = limitRefusal(standing.limits, standing.spent, cents, now);
  return refusal ? limitRefusalMessage(refusal) : null;
}
