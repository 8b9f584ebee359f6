/**
 * Spot prices of gold, silver and platinum (docs/product.md, "Spot prices and melt value"): a price
 * older than an hour is stale and no page shows it; a feed reading replaces the current price only
 * when it is a real price, newer, and not an implausible jump. Pure: times are parameters (ms epoch).
 */
import type { SpotMetal } from "#shared/metal-content";

export const SPOT_PRICE_STALE_AFTER_MS = 60 * 60 * 1000;
export const DEFAULT_SPOT_PRICE_INTERVAL_MINUTES = 15;
/** Where an admin's price comes from. */
export const MANUAL_SOURCE = "manual";

/** No precious metal has traded near $1,000,000 an ounce: above it, the reading is a unit or parse error. */
const MAX_CENTS_PER_OZ = 100_000_000;
/** A feed reading more than this factor away from a fresh price is a glitch, not a market (gold's worst day moved ~10%). */
const MAX_FEED_JUMP = 1.5;

export interface SpotPrice {
  metal: SpotMetal;
  centsPerOz: number;
  /** When the price was quoted (ms epoch). */
  at: number;
  source: string;
}

export const isFreshSpotPrice = (price: SpotPrice, now: number): boolean =>
  now - price.at <= SPOT_PRICE_STALE_AFTER_MS;

/**
 * Why `reading` must not replace `current`, or null when it may. An admin's price is taken as given
 * (it is how a bad feed is corrected); a feed's must not jump far from a price that is still fresh.
 */
export function spotReadingProblem(
  reading: SpotPrice,
  current: SpotPrice | undefined,
  now: number,
): string | null {
  const { centsPerOz } = reading;
  if (!Number.isSafeInteger(centsPerOz) || centsPerOz <= 0 || centsPerOz > MAX_CENTS_PER_OZ) {
    return "not a price";
  }
  if (!Number.isFinite(reading.at)) return "no quote time";
  if (!current) return null;
  if (reading.at <= current.at) return "not newer than the current price";
  if (reading.source === MANUAL_SOURCE || !isFreshSpotPrice(current, now)) return null;
  const ratio = centsPerOz / current.centsPerOz;
  return ratio > MAX_FEED_JUMP || ratio < 1 / MAX_FEED_JUMP ? "too far from the current price" : null;
}
