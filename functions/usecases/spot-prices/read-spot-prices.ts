/** The spot price reads: GET /api/spot-prices, and the fresh prices every payload with a melt value uses. */

import { SPOT_METALS } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { SpotPricesView, SpotPriceView } from "#shared/schemas/spot-prices";
import { readSpotPriceBoard, type SpotPriceBoard } from "../../adapters/dynamo/spot-prices-repo.ts";
import { isFreshSpotPrice, type SpotPrice } from "../../domain/spot-prices.ts";

export const spotPriceView = (price: SpotPrice, now: number): SpotPriceView => ({
  usdPerOz: centsToDecimal(price.centsPerOz),
  at: new Date(price.at).toISOString(),
  source: price.source,
  stale: !isFreshSpotPrice(price, now),
});

/** GET /api/spot-prices: every metal's current price, stale ones marked (the pages do not show them). */
export async function readSpotPrices(now: number): Promise<SpotPricesView> {
  const board = await readSpotPriceBoard();
  const view: SpotPricesView = { gold: null, silver: null, platinum: null };
  for (const metal of SPOT_METALS) {
    const price = board[metal];
    if (price) view[metal] = spotPriceView(price, now);
  }
  return view;
}

/** The prices a payload may value metal at: fresh ones only. */
export async function freshSpotPrices(now: number): Promise<SpotPriceBoard> {
  const board = await readSpotPriceBoard();
  return Object.fromEntries(
    Object.entries(board).filter(([, price]) => isFreshSpotPrice(price, now)),
  ) as SpotPriceBoard;
}
