import { currentPasswordSchema } from "#shared/schemas/accounts";
import { clientIp } from "../../http/client-ip.ts";
import { requestRelyingParty } from "../../http/relying-party.ts";
import { defineRoute } from "../../http/route.ts";
import { passkeyRegistrationOptions } from "../../usecases/accounts/passkey-ceremonies.ts";

export const route = defineRoute({ body: currentPasswordSchema }, async ({ body, auth, now, event }) =>
  passkeyRegistrationOptions({
    userId: auth.userId,
    username: auth.username,
    password: body.password,
    ip: clientIp(event),
    rp: requestRelyingParty(event),
    now,
  }),
);
