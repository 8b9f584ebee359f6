import { type AdminDailyStats, statsQuerySchema } from "#shared/schemas/stats";
import { defineRoute } from "../../http/route.ts";
import { adminDailyStats } from "../../usecases/daily-stats.ts";

export const handler = defineRoute(
  "admin/get-daily-stats",
  { query: statsQuerySchema },
  ({ query, now }): Promise<AdminDailyStats> => adminDailyStats(query.days, now),
);
