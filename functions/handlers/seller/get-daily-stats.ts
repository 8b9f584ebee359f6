import { type SellerDailyStats, statsQuerySchema } from "#shared/schemas/stats";
import { defineRoute } from "../../http/route.ts";
import { sellerDailyStats } from "../../usecases/daily-stats.ts";
import { currentSeller } from "../../usecases/seller-account.ts";

export const route = defineRoute(
  { query: statsQuerySchema },
  async ({ auth, query, now }): Promise<SellerDailyStats> => {
    const { seller } = await currentSeller(auth);
    return sellerDailyStats(seller.id, query.days, now);
  },
);
