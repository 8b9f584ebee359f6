import { twoFactorCodeSchema } from "#shared/schemas/accounts";
import { clientIp } from "../../http/client-ip.ts";
import { defineRoute } from "../../http/route.ts";
import { sessionOrigin } from "../../http/session-origin.ts";
import { confirmTwoFactorSetup } from "../../usecases/accounts/two-factor.ts";

export const route = defineRoute({ body: twoFactorCodeSchema }, async ({ body, auth, now, event }) =>
  confirmTwoFactorSetup({
    userId: auth.userId,
    token: auth.token,
    code: body.code,
    ip: clientIp(event),
    now,
    device: sessionOrigin(event).device,
  }),
);
