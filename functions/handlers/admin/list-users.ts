import { ROLES } from "#shared/constants";
import type { AdminUser } from "#shared/schemas/admin";
import { mapPage, pageRequestOf, searchPageQuerySchema, searchRequestOf } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import { matchesSearch } from "#shared/search";
import { listUsers, listUsersPage, searchUsersPage } from "../../adapters/dynamo/admin-users-repo.ts";
import type { UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { toAdminUser } from "../../usecases/views/user-view.ts";

const query = z.extend(searchPageQuerySchema, { role: z.optional(z.enum(ROLES)) });

const toView = (users: UserRecord[]): AdminUser[] => users.map(toAdminUser);

/**
 * Newest registration first (the Recent Registrations card reads the head of this list). `?q=` keeps
 * the users whose username or email holds every word, `?role=` one role; either answers a page.
 */
export const route = defineRoute({ query }, async ({ query }) => {
  const role = query?.role;
  const search = searchRequestOf(query, role !== undefined);
  if (search) {
    const found = await searchUsersPage(
      search,
      (user) => (!role || user.role === role) && matchesSearch(search.q, user.username, user.email),
    );
    return mapPage(found, toView);
  }
  const page = pageRequestOf(query);
  if (!page) return toView(await listUsers());
  return mapPage(await listUsersPage(page), toView);
});
