/**
 * Spot prices (docs/product.md, "Spot prices and melt value"): the scheduled fetch from the provider
 * and an admin's price by hand. The reads are in read-spot-prices.ts, so a payload's Lambda carries
 * none of this.
 */

import { isSpotMetal, SPOT_METALS, type SpotMetal } from "#shared/metal-content";
import { decimalToCents } from "#shared/money";
import { type SpotPriceView, USD_PER_OZ_MESSAGE } from "#shared/schemas/spot-prices";
import {
  readSpotPriceBoard,
  recordSpotReading,
  type SpotPriceBoard,
  saveSpotPrice,
} from "../../adapters/dynamo/spot-prices-repo.ts";
import { retrying } from "../../adapters/retry.ts";
import type { SpotPriceProvider } from "../../adapters/spot-prices/spot-quote.ts";
import { badRequest } from "../../domain/errors.ts";
import { MANUAL_SOURCE, type SpotPrice, spotReadingProblem } from "../../domain/spot-prices.ts";
import { spotPriceView } from "./read-spot-prices.ts";

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
  provider: SpotPriceProvider,
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
  return spotPriceView(price, now);
}
