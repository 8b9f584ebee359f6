import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { useUser } from "@web/lib/current-user.ts";
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { decimalToCents, formatCents } from "#shared/money";
import type { LimitsView } from "#shared/schemas/limits";

export const limitsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ["/api/me/limits"] as const,
    queryFn: () => api.get<LimitsView>("/api/me/limits"),
    enabled,
  });

export function useLimits(enabled = true) {
  return useQuery(limitsQuery(enabled));
}

const PERIOD_SPENT = [
  ["daily", "day"],
  ["weekly", "week"],
  ["monthly", "month"],
] as const;

/**
 * Why buying a package at `price` would be refused now (the server's rule: the first limit in force it
 * would pass), in words and in the viewer's time zone; null when it would not, or while limits load.
 */
export function limitRefusal(view: LimitsView | undefined, price: string): string | null {
  if (!view) return null;
  const cents = decimalToCents(price) ?? 0;
  for (const [period, key] of PERIOD_SPENT) {
    const limit = view[period];
    if (limit === null) continue;
    if ((decimalToCents(view.spent[key]) ?? 0) + cents > (decimalToCents(limit) ?? 0)) {
      return `This purchase would pass your ${period} spending limit of ${formatCents(decimalToCents(limit) ?? 0)}. It resets on ${formatDateTimeWithYear(view.resetsAt[key])}.`;
    }
  }
  return null;
}

/** "$15.00 left to spend today" when a daily limit is set, else null. */
export function leftToday(view: LimitsView | undefined): string | null {
  if (!view?.daily) return null;
  const left = Math.max(0, (decimalToCents(view.daily) ?? 0) - (decimalToCents(view.spent.day) ?? 0));
  return `${formatCents(left)} left to spend today (daily limit ${formatCents(decimalToCents(view.daily) ?? 0)})`;
}

/**
 * While the signed-in user is self-excluded: why bidding and buying are off, in their own time zone
 * ("Self-excluded until Nov 28, 2026, 3:04 PM"), so the buttons can say it before a click rather than
 * a refusal with the server's UTC time after one. Null otherwise (and for staff, who never buy).
 */
export function useSelfExclusion(): string | null {
  const { data: user } = useUser();
  const { data: view } = useLimits(!!user && user.role !== "admin");
  const until = view?.selfExcludedUntil;
  if (!user || !until || Date.parse(until) <= Date.now()) return null;
  return `Self-excluded until ${formatDateTimeWithYear(until)}`;
}
