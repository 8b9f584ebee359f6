import { centsToDecimal } from "#shared/money";
import { type AdminDailyStats, type SellerDailyStats, STATS_HOURS } from "#shared/schemas/stats";
import { type CounterRow, readDailyCounters, readHourlyCounters } from "../../adapters/dynamo/stats-repo.ts";
import { lastDays, lastHours } from "../../domain/stats.ts";

const count = (row: CounterRow | undefined, name: string) => {
  const value = row?.[name];
  return typeof value === "number" ? value : 0;
};

const byBucket = (rows: CounterRow[]) => new Map(rows.map((row) => [row.bucket, row]));

/** The platform's last `days` UTC days and last 48 hours, from the aggregates (one Query each, no scan). */
export async function adminDailyStats(days: number, now: number): Promise<AdminDailyStats> {
  const dates = lastDays(now, days);
  const hours = lastHours(now, STATS_HOURS);
  const [daily, hourly] = await Promise.all([
    readDailyCounters({ kind: "platform" }, dates[0]!, dates.at(-1)!),
    readHourlyCounters(hours[0]!, hours.at(-1)!),
  ]);
  const dayRows = byBucket(daily);
  const hourRows = byBucket(hourly);
  return {
    days: dates.map((date) => {
      const row = dayRows.get(date);
      return {
        date,
        bidPackageRevenue: centsToDecimal(count(row, "bidPackageRevenueCents")),
        bidPackagesSold: count(row, "bidPackagesSold"),
        bids: count(row, "bids"),
        activeBidders: count(row, "activeBidders"),
        auctionsWon: count(row, "auctionsWon"),
      };
    }),
    hours: hours.map((hour) => ({ hour, bids: count(hourRows.get(hour), "bids") })),
  };
}

/** One seller's last `days` UTC days. */
export async function sellerDailyStats(
  sellerId: string,
  days: number,
  now: number,
): Promise<SellerDailyStats> {
  const dates = lastDays(now, days);
  const rows = byBucket(await readDailyCounters({ kind: "seller", sellerId }, dates[0]!, dates.at(-1)!));
  return {
    days: dates.map((date) => {
      const row = rows.get(date);
      return {
        date,
        sales: count(row, "sales"),
        salesValue: centsToDecimal(count(row, "salesCents")),
        itemsShipped: count(row, "itemsShipped"),
      };
    }),
  };
}
