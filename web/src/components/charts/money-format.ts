import { formatCents } from "#shared/money";

/** A chart's dollars as the summary says them: "$1,234.50". */
export const money = (dollars: number) => formatCents(Math.round(dollars * 100));

const compact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

/** A chart axis's dollars, short enough to fit beside it: "$1.5K", "$250", "$0.50". */
export function moneyAxis(dollars: number): string {
  if (Math.abs(dollars) >= 1000) return compact.format(dollars);
  if (Math.abs(dollars) >= 10) return `$${Math.round(dollars)}`;
  return money(dollars);
}
