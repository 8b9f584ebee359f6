import { requestRelyingParty } from "../../http/relying-party.ts";
import { defineRoute } from "../../http/route.ts";
import { passkeyRegistrationOptions } from "../../usecases/accounts/passkey-ceremonies.ts";

export const route = defineRoute({}, async ({ auth, now, event }) =>
  passkeyRegistrationOptions({
    userId: auth.userId,
    username: auth.username,
    rp: requestRelyingParty(event),
    now,
  }),
);
