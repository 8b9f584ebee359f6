import { deleteSession } from "../../adapters/dynamo/sessions-repo.ts";
import { clearedSessionCookies } from "../../http/cookies.ts";
import { definePublicRoute, reply } from "../../http/route.ts";

export const route = definePublicRoute({}, async ({ auth, event }) => {
  if (auth) await deleteSession(auth.token);
  return reply(200, { ok: true }, clearedSessionCookies(event.headers?.host));
});
