import { deleteAccountSchema } from "#shared/schemas/accounts";
import { clientIp } from "../../http/client-ip.ts";
import { clearedSessionCookies } from "../../http/cookies.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { deleteAccount } from "../../usecases/accounts/delete-account.ts";

export const route = defineRoute({ body: deleteAccountSchema }, async ({ body, auth, now, event }) => {
  await deleteAccount({ userId: auth.userId, password: body.password, ip: clientIp(event), now });
  return reply(200, { ok: true }, clearedSessionCookies(event.headers?.host));
});
