import { defineRoute } from "../../http/route.ts";
import { resendVerification } from "../../usecases/accounts/verification.ts";

export const route = defineRoute({}, async ({ auth, now }) => ({
  ok: true,
  ...(await resendVerification(auth.userId, now)),
}));
