import { verifyEmailSchema } from "#shared/schemas/accounts";
import { definePublicRoute } from "../../http/route.ts";
import { verifyEmail } from "../../usecases/accounts/verification.ts";

export const route = definePublicRoute({ body: verifyEmailSchema }, async ({ body, now }) => ({
  ok: true,
  ...(await verifyEmail(body.token, now)),
}));
