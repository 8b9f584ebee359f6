import { putSpotPriceSchema, type SpotPriceView, spotMetalParamsSchema } from "#shared/schemas/spot-prices";
import { defineRoute } from "../../http/route.ts";
import { setSpotPriceByHand } from "../../usecases/spot-prices/spot-prices.ts";

/** An admin's spot price while the feed is down: current at once, source "manual". */
export const route = defineRoute(
  { params: spotMetalParamsSchema, body: putSpotPriceSchema },
  async ({ params, body, now }): Promise<SpotPriceView> =>
    setSpotPriceByHand(params.metal, body.usdPerOz, now),
);
