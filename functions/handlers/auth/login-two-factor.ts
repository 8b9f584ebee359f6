import { twoFactorCodeSchema } from "#shared/schemas/accounts";
import { deleteSession } from "../../adapters/dynamo/sessions-repo.ts";
import { clientIp } from "../../http/client-ip.ts";
import { clearedPendingLoginCookie, readPendingLoginToken, sessionCookies } from "../../http/cookies.ts";
import { definePublicRoute, reply } from "../../http/route.ts";
import { sessionOrigin } from "../../http/session-origin.ts";
import { completeTwoFactorLogin } from "../../usecases/accounts/two-factor.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const route = definePublicRoute({ body: twoFactorCodeSchema }, async ({ body, now, event, auth }) => {
  const { user, token } = await completeTwoFactorLogin({
    pendingToken: readPendingLoginToken(event),
    code: body.code,
    ip: clientIp(event),
    now,
    origin: sessionOrigin(event),
  });
  // The session the new cookie replaces in this browser ends, as with a one-step login.
  if (auth) await deleteSession(auth.token);
  const host = event.headers?.host;
  return reply(200, toCurrentUser(user), [...sessionCookies(token, host), clearedPendingLoginCookie(host)]);
});
