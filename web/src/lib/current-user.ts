import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, getErrorStatus } from "@web/lib/api-client.ts";
import type { CurrentUser } from "#shared/schemas/auth";

/** The one key of the signed-in user; invalidate it after anything that changes the balance. */
export const meQueryKey = ["/api/auth/me"] as const;

/** GET /api/auth/me: the signed-in user, or null when signed out (401). Other failures are errors. */
export async function getMe(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>("/api/auth/me");
  } catch (error) {
    if (getErrorStatus(error) === 401) return null;
    throw error;
  }
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false });
}

/**
 * The signed-in user: `const { data: user, isPending } = useUser();`
 * `user` is a CurrentUser, null when signed out, undefined while loading or when the API is unreachable.
 */
export function useUser() {
  return useQuery(getMeQueryOptions());
}
