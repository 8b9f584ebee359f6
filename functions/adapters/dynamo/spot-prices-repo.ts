import { isSpotMetal, SPOT_METALS, type SpotMetal } from "#shared/metal-content";
import * as z from "#shared/schemas/zod";
import type { SpotPrice } from "../../domain/spot-prices.ts";
import { getItem, putItem } from "./commands.ts";
import { updateUnlessRefused } from "./conditions.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { spotKeys } from "./keys.ts";

/** The current price of each metal that has one. */
export type SpotPriceBoard = Partial<Record<SpotMetal, SpotPrice>>;

interface StoredPrice {
  centsPerOz: number;
  at: string;
  source: string;
}

const stored = (price: SpotPrice): StoredPrice => ({
  centsPerOz: price.centsPerOz,
  at: new Date(price.at).toISOString(),
  source: price.source,
});

const STORED_PRICE_SCHEMA = z.object({
  centsPerOz: z.number(),
  at: z.string(),
  source: z.string(),
}) satisfies z.ZodMiniType<StoredPrice>;
const _storedPriceKeys: SameKeys<z.infer<typeof STORED_PRICE_SCHEMA>, StoredPrice> = true;

type StoredBoard = Partial<Record<SpotMetal, StoredPrice>>;

const BOARD_SCHEMA = z.object({
  gold: z.optional(STORED_PRICE_SCHEMA),
  silver: z.optional(STORED_PRICE_SCHEMA),
  platinum: z.optional(STORED_PRICE_SCHEMA),
}) satisfies z.ZodMiniType<StoredBoard>;
const _boardKeys: SameKeys<z.infer<typeof BOARD_SCHEMA>, StoredBoard> = true;

export async function readSpotPriceBoard(): Promise<SpotPriceBoard> {
  const { Item } = await getItem({ Key: spotKeys.current() });
  const prices = Item ? parseStoredItem("spotPrices", BOARD_SCHEMA, Item) : {};
  const board: SpotPriceBoard = {};
  for (const metal of SPOT_METALS) {
    const price = prices[metal];
    if (price)
      board[metal] = { metal, centsPerOz: price.centsPerOz, at: Date.parse(price.at), source: price.source };
  }
  return board;
}

/**
 * Makes `price` its metal's current price unless a price quoted at the same time or later is already
 * there (two fetches racing, or an admin's price newer than the feed's quote): false then.
 */
export function saveSpotPrice(price: SpotPrice): Promise<boolean> {
  if (!isSpotMetal(price.metal)) return Promise.resolve(false);
  return updateUnlessRefused({
    Key: spotKeys.current(),
    UpdateExpression: "SET #metal = :price, #type = :type",
    ConditionExpression: "attribute_not_exists(#metal) OR #metal.#at < :at",
    ExpressionAttributeNames: { "#metal": price.metal, "#type": "type", "#at": "at" },
    ExpressionAttributeValues: { ":price": stored(price), ":type": "spotPrices", ":at": stored(price).at },
  });
}

/** Keeps a reading, taken or not (`problem` says why not), so a bad feed can be looked into afterwards. */
export async function recordSpotReading(price: SpotPrice, problem: string | null): Promise<void> {
  const at = new Date(Number.isFinite(price.at) ? price.at : 0).toISOString();
  await putItem({
    Item: {
      ...spotKeys.reading(price.metal, at, price.source),
      type: "spotReading",
      metal: price.metal,
      at,
      source: price.source,
      // The table holds no NaN: a reading that was not a number keeps only its problem.
      ...(Number.isFinite(price.centsPerOz) ? { centsPerOz: price.centsPerOz } : {}),
      ...(problem ? { problem } : {}),
    },
  });
}
