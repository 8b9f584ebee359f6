import { defineRoute } from "../../http/route.ts";
import { endOtherSessions } from "../../usecases/accounts/sessions.ts";

export const route = defineRoute({}, async ({ auth }) => ({
  ok: true,
  ...(await endOtherSessions(auth.userId, auth.token)),
}));
