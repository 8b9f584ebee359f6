import type { AdminUser } from "#shared/schemas/admin";
import { mapPage, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { listUsers, listUsersPage } from "../../adapters/dynamo/admin-users-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { toAdminUser } from "../../usecases/views/user-view.ts";

/** Newest registration first (the Recent Registrations card reads the head of this list). */
export const route = defineRoute({ query: pageQuerySchema }, async ({ query }) => {
  const page = pageRequestOf(query);
  if (!page) return (await listUsers()).map(toAdminUser);
  return mapPage(await listUsersPage(page), (users): AdminUser[] => users.map(toAdminUser));
});
