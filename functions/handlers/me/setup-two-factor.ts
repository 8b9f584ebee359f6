import { currentPasswordSchema } from "#shared/schemas/accounts";
import { clientIp } from "../../http/client-ip.ts";
import { defineRoute } from "../../http/route.ts";
import { startTwoFactorSetup } from "../../usecases/accounts/two-factor.ts";

export const route = defineRoute({ body: currentPasswordSchema }, async ({ body, auth, now, event }) =>
  startTwoFactorSetup({
    userId: auth.userId,
    username: auth.username,
    password: body.password,
    ip: clientIp(event),
    now,
  }),
);
