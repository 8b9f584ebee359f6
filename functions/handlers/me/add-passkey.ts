import { addPasskeySchema } from "#shared/schemas/passkeys";
import { requestRelyingParty } from "../../http/relying-party.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { sessionOrigin } from "../../http/session-origin.ts";
import { addPasskey } from "../../usecases/accounts/passkey-ceremonies.ts";

export const route = defineRoute({ body: addPasskeySchema }, async ({ body, auth, now, event }) =>
  reply(
    201,
    await addPasskey({
      ...body,
      userId: auth.userId,
      device: sessionOrigin(event).device,
      rp: requestRelyingParty(event),
      now,
    }),
  ),
);
