import { spotPriceProvider } from "../../adapters/spot-prices/spot-price-provider.ts";
import { logger } from "../../observability/logger.ts";
import { fetchSpotPrices } from "../../usecases/spot-prices/spot-prices.ts";

/**
 * Every spotPriceIntervalMinutes (EventBridge Scheduler; the local stack's timer too): the provider's
 * prices, each kept; a provider that still fails after the retries fails the run, and the last good
 * prices stay current.
 */
export async function handler() {
  const result = await fetchSpotPrices(Date.now(), spotPriceProvider());
  if (result.rejected.length > 0) logger.warn("spot price readings rejected", { rejected: result.rejected });
  logger.info("spot prices fetched", { accepted: result.accepted });
  return result;
}
