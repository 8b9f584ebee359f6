import { isSpotMetal, type MetalDescription, meltValueCentsOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { MeltValue } from "#shared/schemas/auctions";
import type { SpotPriceBoard } from "../../adapters/dynamo/spot-prices-repo.ts";

/**
 * The melt value of a payload's product at its metal's fresh spot price (`spot`: freshSpotPrices),
 * as `{ meltValue }` to spread into the payload, or nothing: no fine content, or no fresh price.
 */
export function meltValueField(
  product: MetalDescription,
  spot: SpotPriceBoard | undefined,
): { meltValue?: MeltValue } {
  const price = isSpotMetal(product.metalType) ? spot?.[product.metalType] : undefined;
  const cents = price ? meltValueCentsOf(product, price.centsPerOz) : null;
  if (!price || cents === null) return {};
  return {
    meltValue: {
      usd: centsToDecimal(cents),
      spotUsdPerOz: centsToDecimal(price.centsPerOz),
      at: new Date(price.at).toISOString(),
    },
  };
}
