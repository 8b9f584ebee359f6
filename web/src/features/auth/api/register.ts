import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { rememberWelcome } from "@web/lib/welcome-mark.ts";
import type { CurrentUser, RegisterForm, RegisterRequest } from "#shared/schemas/auth";

/** POST /api/auth/register: 201 CurrentUser (signed in), 409 duplicate, 400 invalid. The confirmation is not sent. */
export function register(form: RegisterForm | RegisterRequest): Promise<CurrentUser> {
  const body: RegisterRequest = {
    username: form.username,
    email: form.email,
    password: form.password,
    role: form.role,
    // Only a seller's application names a business.
    ...(form.role === "seller" && form.businessName ? { businessName: form.businessName } : {}),
    ...(form.acceptTerms ? { acceptTerms: true } : {}),
    ...(form.referralCode ? { referralCode: form.referralCode } : {}),
  };
  return api.post<CurrentUser>("/api/auth/register", body);
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    // A new seller lands on their application's status, itself the next step; a buyer gets the welcome panel.
    onSuccess: (user) => {
      if (user.role === "buyer") rememberWelcome(user.id);
    },
    meta: { errorToast: { title: "Registration failed", fallback: "An error occurred during registration" } },
  });
}
