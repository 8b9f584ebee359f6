import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { passkeyCeremony } from "@web/lib/passkey-ceremony.ts";
import type { CurrentUser, LoginRequest } from "#shared/schemas/auth";

/** The right password of an account with two-factor on: the code is asked next (an HttpOnly cookie holds the sign-in). */
export interface TwoFactorPending {
  twoFactorRequired: true;
}

export const waitsForCode = (answer: CurrentUser | TwoFactorPending): answer is TwoFactorPending =>
  "twoFactorRequired" in answer;

/** POST /api/auth/login: 200 CurrentUser (or the second step's cue), 401 bad credentials, 429 too many attempts. */
export function login(body: LoginRequest): Promise<CurrentUser | TwoFactorPending> {
  return api.post<CurrentUser | TwoFactorPending>("/api/auth/login", {
    username: body.username,
    password: body.password,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    meta: { errorToast: { title: "Login failed", fallback: "Invalid username or password" } },
  });
}

/** POST /api/auth/login/two-factor: the app's code or a recovery code finishes the sign-in. */
export function useLoginCode() {
  return useMutation({
    mutationFn: (code: string) => api.post<CurrentUser>("/api/auth/login/two-factor", { code }),
    meta: { errorToast: { title: "Login failed", fallback: "That code is not right" } },
  });
}

/**
 * Sign-in with a passkey: no username, the browser offers the passkeys it holds for this site. The
 * WebAuthn library loads on the click, not with the login page.
 */
export function usePasskeyLogin() {
  return useMutation({
    mutationFn: () => passkeyCeremony<CurrentUser>("signIn"),
    meta: {
      errorToast: {
        title: "Login failed",
        fallback: "The passkey prompt was cancelled or no passkey for this site was found.",
      },
    },
  });
}
