import { sessionIdParamsSchema } from "#shared/schemas/accounts";
import { clearedSessionCookies } from "../../http/cookies.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { endSession } from "../../usecases/accounts/sessions.ts";

export const route = defineRoute({ params: sessionIdParamsSchema }, async ({ params, auth, now, event }) => {
  const { current } = await endSession(auth.userId, auth.token, params.id, now);
  // Ending the session in hand is signing out: the browser drops its cookie too.
  return reply(200, { ok: true, current }, current ? clearedSessionCookies(event.headers?.host) : []);
});
