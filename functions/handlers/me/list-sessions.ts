import { defineRoute } from "../../http/route.ts";
import { listSessions } from "../../usecases/accounts/sessions.ts";

export const route = defineRoute({}, async ({ auth, now }) => listSessions(auth.userId, auth.token, now));
