import type { SpotPricesView } from "#shared/schemas/spot-prices";
import { definePublicRoute } from "../../http/route.ts";
import { readSpotPrices } from "../../usecases/spot-prices/read-spot-prices.ts";

/** Every metal's current spot price; the edge keeps the answer a minute (the feed moves every 15). */
export const route = definePublicRoute({}, async ({ now }): Promise<SpotPricesView> => readSpotPrices(now));
