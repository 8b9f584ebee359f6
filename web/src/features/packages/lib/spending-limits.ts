/** What the spending limits mean for a purchase, in words, as the packages page and modal show it. */
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { decimalToCents, formatCents } from "#shared/money";
import type { LimitsView } from "#shared/schemas/limits";

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
