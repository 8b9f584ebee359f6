/**
 * The local stand-ins of the spot price feed: a provider with a deterministic daily series (the same
 * prices all day, a different one the next, no network), installed in place of Metals.Dev, and the
 * timer that stands in for the EventBridge schedule running the fetch (functions/routes.ts
 * `eventHandlers.spotPriceFetch`).
 */
import {
  installSpotPriceProvider,
  type SpotPriceProvider,
} from "../../functions/adapters/spot-prices/spot-price-provider.ts";
import { DEFAULT_SPOT_PRICE_INTERVAL_MINUTES } from "../../functions/domain/spot-prices.ts";
import { eventHandlers } from "../../functions/routes.ts";
import { type LocalSweep, type LocalSweepOptions, localSweepTimer } from "./in-process-runs.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Near the late-2024 market, so the local pages look real. */
const BASE_USD_PER_OZ = { gold: 2650, silver: 31.25, platinum: 980 } as const;

/** The day's price: the base moved up to 3% by a fixed wave of the day number. */
export function localSpotPrice(metal: keyof typeof BASE_USD_PER_OZ, now: number): number {
  const day = Math.floor(now / DAY_MS);
  const phase = { gold: 0, silver: 1.3, platinum: 2.6 }[metal];
  return Math.round(BASE_USD_PER_OZ[metal] * (1 + 0.03 * Math.sin(day * 0.9 + phase)) * 100) / 100;
}

export const localSpotPriceProvider: SpotPriceProvider = {
  name: "local feed",
  async latest(now) {
    return (["gold", "silver", "platinum"] as const).map((metal) => ({
      metal,
      usdPerOz: localSpotPrice(metal, now),
      at: now,
    }));
  },
};

/** Installs the local provider and runs the fetch every interval (SPOT_PRICE_INTERVAL_MINUTES, default 15). */
export function startLocalSpotPriceFeed(options: LocalSweepOptions = {}): LocalSweep {
  installSpotPriceProvider(localSpotPriceProvider);
  const minutes = Number(process.env.SPOT_PRICE_INTERVAL_MINUTES) || DEFAULT_SPOT_PRICE_INTERVAL_MINUTES;
  const timer = localSweepTimer(eventHandlers.spotPriceFetch, {
    ...options,
    everyMs: options.everyMs ?? minutes * 60_000,
    prefix: "spot-prices",
    failure: "spot price fetch failed",
    sweepNeverThrows: true,
  });
  return {
    sweep: timer.sweep,
    async stop() {
      await timer.stop();
      installSpotPriceProvider(null);
    },
  };
}
