/**
 * Spot prices (docs/product.md, "Spot prices and melt value"): the scheduled fetch from the provider,
 * an admin's price by hand, and the reads every payload with a melt value makes.
 */

import { isSpotMetal, SPOT_METALS, type SpotMetal } from "#shared/metal-content";
import { centsToDecimal, decimalToCents } from "#shared/money";
import { type SpotPricesView, type SpotPriceView, USD_PER_OZ_MESSAGE } from "#shared/schemas/spot-prices";
import {
  readSpotPriceBoard,
  recordSpotReading,
  type SpotPriceBoard,
  saveSpotPrice,
} from "../../adapters/dynamo/spot-prices-repo.ts";
import { retrying } from "../../adapters/retry.ts";
import { type SpotPriceProvider, spotPriceProvider } from "../../adapters/spot-prices/spot-price-provider.ts";
import { badRequest } from "../../domain/errors.ts";
import {
  isFreshSpotPrice,
  MANUAL_SOURCE,
  type SpotPrice,
  spotReadingProblem,
} from "../../domain/spot-prices.ts";

/** A provider that fails is asked twice more, 1 s then 2 s later; the next scheduled run tries again. */
const FETCH_BOUNDS = { attempts: 3, delayMs: (failed: number) => failed * 1_000, retryOn: () => true };

export interface SpotFetchResult {
  accepted: SpotMetal[];
  rejected: { metal: SpotMetal; problem: string }[];
}

/** Keeps the reading and makes it current when the domain rule allows; answers why not otherwise. */
async function offerSpotPrice(
  reading: SpotPrice,
  board: SpotPriceBoard,
  now: number,
): Promise<string | null> {
  const problem =
    spotReadingProblem(reading, board[reading.metal], now) ??
    ((await saveSpotPrice(reading)) ? null : "not newer than the current price");
  await recordSpotReading(reading, problem);
  return problem;
}

/** One scheduled run: the provider's quotes, each kept, each current only when it is a good price. */
export async function fetchSpotPrices(
  now: number,
  provider: SpotPriceProvider = spotPriceProvider(),
  bounds: { attempts: number; delayMs?: (failed: number) => number } = FETCH_BOUNDS,
): Promise<SpotFetchResult> {
  const quotes = await retrying({ ...bounds, retryOn: () => true }, () => provider.latest(now));
  const board = await readSpotPriceBoard();
  const result: SpotFetchResult = { accepted: [], rejected: [] };
  for (const quote of quotes) {
    if (!isSpotMetal(quote.metal)) continue;
    const reading: SpotPrice = {
      metal: quote.metal,
      centsPerOz: Math.round(quote.usdPerOz * 100),
      at: quote.at,
      source: provider.name,
    };
    const problem = await offerSpotPrice(reading, board, now);
    if (problem) result.rejected.push({ metal: quote.metal, problem });
    else result.accepted.push(quote.metal);
  }
  return result;
}

const toView = (price: SpotPrice, now: number): SpotPriceView => ({
  usdPerOz: centsToDecimal(price.centsPerOz),
  at: new Date(price.at).toISOString(),
  source: price.source,
  stale: !isFreshSpotPrice(price, now),
});

/** An admin's price while the feed is down (source "manual"): it replaces the current one at once. */
export async function setSpotPriceByHand(
  metal: string,
  usdPerOz: string,
  now: number,
): Promise<SpotPriceView> {
  if (!isSpotMetal(metal)) throw badRequest(`Metal must be one of ${SPOT_METALS.join(", ")}`);
  const cents = decimalToCents(usdPerOz);
  if (cents === null || cents <= 0) throw badRequest(`usdPerOz: ${USD_PER_OZ_MESSAGE}`);
  const price: SpotPrice = { metal, centsPerOz: cents, at: now, source: MANUAL_SOURCE };
  const problem = await offerSpotPrice(price, await readSpotPriceBoard(), now);
  if (problem) throw badRequest(`usdPerOz: ${problem}`);
  return toView(price, now);
}

/** GET /api/spot-prices: every metal's current price, stale ones marked (the pages do not show them). */
export async function readSpotPrices(now: number): Promise<SpotPricesView> {
  const board = await readSpotPriceBoard();
  const view: SpotPricesView = { gold: null, silver: null, platinum: null };
  for (const metal of SPOT_METALS) {
    const price = board[metal];
    if (price) view[metal] = toView(price, now);
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
