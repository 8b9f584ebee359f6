import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, getErrorStatus } from "@web/lib/api-client.ts";
import { SIGNED_IN_HINT_COOKIE } from "#shared/constants";
import type { CurrentUser } from "#shared/schemas/auth";

/** The readable hint the server sets beside the session cookie (and clears with it). */
export function mayBeSignedIn(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((c) => c.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

function forgetHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser we serve
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * GET /api/auth/me: the signed-in user, or null when signed out (401). Other failures are errors.
 * Without the signed-in hint there is no session to ask about: null at once, no request.
 */
async function getMe(): Promise<CurrentUser | null> {
  if (!mayBeSignedIn()) return null;
  try {
    return await api.get<CurrentUser>("/api/auth/me");
  } catch (error) {
    if (getErrorStatus(error) === 401) {
      forgetHint(); // the session expired or was ended elsewhere
      return null;
    }
    throw error;
  }
}

/** The signed-in user's query; invalidate `meQuery().queryKey` after anything that changes the balance. */
export const meQuery = () =>
  queryOptions({ queryKey: ["/api/auth/me"] as const, queryFn: getMe, retry: false });

/**
 * The signed-in user: `const { data: user, isPending } = useUser();`
 * `user` is a CurrentUser, null when signed out, undefined while loading or when the API is unreachable.
 */
export function useUser() {
  return useQuery(meQuery());
}
