import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { CurrentUser, LoginRequest } from "#shared/schemas/auth";

/** POST /api/auth/login: 200 CurrentUser, 401 bad credentials, 429 too many attempts. */
export function login(body: LoginRequest): Promise<CurrentUser> {
  return api.post<CurrentUser>("/api/auth/login", { username: body.username, password: body.password });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    meta: { errorToast: { title: "Login failed", fallback: "Invalid username or password" } },
  });
}
