/** What a spot price provider answers (functions/adapters/spot-prices/spot-price-provider.ts). */
import type { SpotMetal } from "#shared/metal-content";

/** One metal's price as a provider quoted it; `usdPerOz` may be anything the provider sent. */
export interface SpotQuote {
  metal: SpotMetal;
  usdPerOz: number;
  /** When the provider says it quoted it (ms epoch). */
  at: number;
}

export interface SpotPriceProvider {
  /** Names the price's source in GET /api/spot-prices. */
  readonly name: string;
  /** The latest quotes; throws when the provider cannot be reached or answers an error. */
  latest(now: number): Promise<SpotQuote[]>;
}
