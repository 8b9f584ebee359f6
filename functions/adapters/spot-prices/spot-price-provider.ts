/**
 * Where the scheduled fetch reads spot prices: Metals.Dev in AWS (its key in the SSM SecureString
 * SPOT_PRICE_API_KEY_PARAMETER names), the installed stand-in on the local stack and in tests
 * (scripts/local/spot-price-feed.ts).
 */
import { metalsDevProvider } from "./metals-dev.ts";
import type { SpotPriceProvider } from "./spot-quote.ts";

export type { SpotPriceProvider, SpotQuote } from "./spot-quote.ts";

let installed: SpotPriceProvider | null = null;

export function installSpotPriceProvider(provider: SpotPriceProvider | null): void {
  installed = provider;
}

export function spotPriceProvider(): SpotPriceProvider {
  if (installed) return installed;
  const parameter = process.env.SPOT_PRICE_API_KEY_PARAMETER;
  if (!parameter) {
    throw new Error(
      "No spot price provider: SPOT_PRICE_API_KEY_PARAMETER is not set and no stand-in is installed",
    );
  }
  return metalsDevProvider(parameter);
}
