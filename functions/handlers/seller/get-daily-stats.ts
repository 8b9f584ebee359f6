import { type SellerDailyStats, statsQuerySchema } from "#shared/schemas/stats";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { sellerDailyStats } from "../../usecases/stats/daily-stats.ts";

export const route = defineRoute(
  { query: statsQuerySchema },
  async ({ auth, query, now }): Promise<SellerDailyStats> => {
    const { seller } = await currentSeller(auth);
    return sellerDailyStats(seller.id, query.days, now);
  },
);
