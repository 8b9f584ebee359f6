/**
 * The operator's numbers: how one change of the table (a stream record's old and new images)
 * moves the daily and hourly aggregates. Pure: the images come in unmarshalled, the changes go out;
 * functions/usecases/stats/aggregate-stats.ts applies them exactly once per record.
 *
 * - a bid (its item is inserted): the platform's bids that day and that hour, and the bidder as active
 *   that day (counted once per user per day: a marker, see the use case);
 * - a bid-package purchase (its item is inserted once, when credited): revenue and packages sold that day;
 * - an auction won (its state goes from active to won): auctions won on its end's day;
 * - an order paid (inserted paid, or pending -> paid): the seller's sales and sales value that day;
 * - an order shipped (shippedAt appears): the seller's items shipped that day.
 */

export const PLATFORM_COUNTERS = [
  "bids",
  "activeBidders",
  "bidPackageRevenueCents",
  "bidPackagesSold",
  "auctionsWon",
] as const;
export const SELLER_COUNTERS = ["sales", "salesCents", "itemsShipped"] as const;
export type PlatformCounter = (typeof PLATFORM_COUNTERS)[number];
export type SellerCounter = (typeof SELLER_COUNTERS)[number];

export type StatsScope = { kind: "platform" } | { kind: "seller"; sellerId: string };

export interface CounterChange {
  scope: StatsScope;
  /** A UTC day "YYYY-MM-DD", or for hourly counters a UTC hour "YYYY-MM-DDTHH". */
  period: "day" | "hour";
  bucket: string;
  add: Partial<Record<PlatformCounter | SellerCounter, number>>;
}

export interface StatsEffect {
  counters: CounterChange[];
  /** A user who bid that day: counted in activeBidders the first time only. */
  activeBidder?: { day: string; userId: string };
}

type Image = Record<string, unknown> | undefined;

const PLATFORM: StatsScope = { kind: "platform" };

export const dayOf = (iso: string) => iso.slice(0, 10);
export const hourOf = (iso: string) => iso.slice(0, 13);

function isoOf(value: unknown, fallback: number): string {
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value).toISOString();
  return new Date(fallback).toISOString();
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The aggregates one stream record moves; null when it moves none. `recordTime` is the record's own time (ms). */
export function statsEffectOf(oldImage: Image, newImage: Image, recordTime: number): StatsEffect | null {
  const item = newImage ?? oldImage;
  switch (item?.type) {
    case "bid":
      return oldImage || !newImage ? null : bidEffect(newImage, recordTime);
    case "bidPurchase":
      return oldImage || !newImage ? null : purchaseEffect(newImage, recordTime);
    case "auction":
      return auctionEffect(oldImage, newImage, recordTime);
    case "order":
      return orderEffect(oldImage, newImage, recordTime);
    default:
      return null;
  }
}

function bidEffect(bid: Record<string, unknown>, recordTime: number): StatsEffect {
  const at = isoOf(bid.createdAt, recordTime);
  const day = dayOf(at);
  const effect: StatsEffect = {
    counters: [
      { scope: PLATFORM, period: "day", bucket: day, add: { bids: 1 } },
      { scope: PLATFORM, period: "hour", bucket: hourOf(at), add: { bids: 1 } },
    ],
  };
  if (typeof bid.userId === "string") effect.activeBidder = { day, userId: bid.userId };
  return effect;
}

function purchaseEffect(purchase: Record<string, unknown>, recordTime: number): StatsEffect {
  const day = dayOf(isoOf(purchase.createdAt, recordTime));
  return {
    counters: [
      {
        scope: PLATFORM,
        period: "day",
        bucket: day,
        add: { bidPackageRevenueCents: num(purchase.amountCents), bidPackagesSold: 1 },
      },
    ],
  };
}

function auctionEffect(before: Image, after: Image, recordTime: number): StatsEffect | null {
  if (after?.status !== "won" || before?.status === "won") return null;
  const day = dayOf(isoOf(after.endedAt ?? after.endsAt, recordTime));
  return { counters: [{ scope: PLATFORM, period: "day", bucket: day, add: { auctionsWon: 1 } }] };
}

function orderEffect(before: Image, after: Image, recordTime: number): StatsEffect | null {
  if (!after || typeof after.sellerId !== "string") return null;
  const seller: StatsScope = { kind: "seller", sellerId: after.sellerId };
  const counters: CounterChange[] = [];
  if (after.paymentStatus === "paid" && before?.paymentStatus !== "paid") {
    counters.push({
      scope: seller,
      period: "day",
      bucket: dayOf(isoOf(after.paidAt, recordTime)),
      add: { sales: 1, salesCents: num(after.finalPriceCents) },
    });
  }
  if (after.shippedAt && !before?.shippedAt) {
    counters.push({
      scope: seller,
      period: "day",
      bucket: dayOf(isoOf(after.shippedAt, recordTime)),
      add: { itemsShipped: 1 },
    });
  }
  return counters.length ? { counters } : null;
}

/** The UTC days from `days - 1` days before `now` to today, oldest first. */
export function lastDays(now: number, days: number): string[] {
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  return Array.from({ length: days }, (_, i) =>
    dayOf(new Date(today - (days - 1 - i) * 86_400_000).toISOString()),
  );
}

/** The UTC hours of the last `hours` hours up to `now`'s, oldest first. */
export function lastHours(now: number, hours: number): string[] {
  const thisHour = Math.floor(now / 3_600_000) * 3_600_000;
  return Array.from({ length: hours }, (_, i) =>
    hourOf(new Date(thisHour - (hours - 1 - i) * 3_600_000).toISOString()),
  );
}
