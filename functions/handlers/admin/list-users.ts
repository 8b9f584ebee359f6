import type { AdminUser } from "#shared/schemas/admin";
import { listUsers, toAdminUser } from "../../adapters/dynamo/admin-users-repo.ts";
import { defineRoute } from "../../http/route.ts";

/** Newest registration first (the Recent Registrations card reads the head of this list). */
export const handler = defineRoute(
  "admin/list-users",
  {},
  async (): Promise<AdminUser[]> => (await listUsers()).map(toAdminUser),
);
