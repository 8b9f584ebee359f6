import { requestRelyingParty } from "../../http/relying-party.ts";
import { definePublicRoute } from "../../http/route.ts";
import { passkeySignInOptions } from "../../usecases/accounts/passkey-ceremonies.ts";

export const route = definePublicRoute({}, async ({ now, event }) =>
  passkeySignInOptions({ rp: requestRelyingParty(event), now }),
);
