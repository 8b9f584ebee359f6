import type { UserStats } from "#shared/schemas/admin";
import { getTotalUsers } from "../../adapters/dynamo/admin-users-repo.ts";
import { defineRoute } from "../../http/route.ts";

export const route = defineRoute(
  {},
  async (): Promise<UserStats> => ({
    totalUsers: await getTotalUsers(),
  }),
);
