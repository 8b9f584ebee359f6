import { passkeySignInSchema } from "#shared/schemas/passkeys";
import { deleteSession } from "../../adapters/dynamo/sessions-repo.ts";
import { sessionCookies } from "../../http/cookies.ts";
import { requestRelyingParty } from "../../http/relying-party.ts";
import { definePublicRoute, reply } from "../../http/route.ts";
import { sessionOrigin } from "../../http/session-origin.ts";
import { signInWithPasskey } from "../../usecases/accounts/passkey-ceremonies.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const route = definePublicRoute({ body: passkeySignInSchema }, async ({ body, now, event, auth }) => {
  const { user, token } = await signInWithPasskey({
    challengeId: body.challengeId,
    credential: body.credential,
    rp: requestRelyingParty(event),
    now,
    origin: sessionOrigin(event),
  });
  // The session the new cookie replaces in this browser ends, as with a password login.
  if (auth) await deleteSession(auth.token);
  return reply(200, toCurrentUser(user), sessionCookies(token, event.headers?.host));
});
