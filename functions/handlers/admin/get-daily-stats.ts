import { type AdminDailyStats, statsQuerySchema } from "#shared/schemas/stats";
import { defineRoute } from "../../http/route.ts";
import { adminDailyStats } from "../../usecases/stats/daily-stats.ts";

export const route = defineRoute(
  { query: statsQuerySchema },
  ({ query, now }): Promise<AdminDailyStats> => adminDailyStats(query.days, now),
);
