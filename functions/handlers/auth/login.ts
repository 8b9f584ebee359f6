import { loginSchema } from "#shared/schemas/auth";
import { countFailedLogins, recordFailedLogin } from "../../adapters/dynamo/login-attempts-repo.ts";
import { createSession } from "../../adapters/dynamo/sessions-repo.ts";
import { findUserByLogin, toCurrentUser } from "../../adapters/dynamo/users-repo.ts";
import { isLoginThrottled, loginWindow, windowExpiry } from "../../domain/login-throttle.ts";
import { decoyHash, verifyPassword } from "../../domain/passwords.ts";
import { clientIp } from "../../http/client-ip.ts";
import { sessionCookie } from "../../http/cookies.ts";
import { tooManyRequests, unauthorized } from "../../http/errors.ts";
import { defineRoute, reply } from "../../http/route.ts";

export const handler = defineRoute("auth/login", { body: loginSchema }, async ({ body, now, event }) => {
  const scope = {
    account: body.username,
    ip: clientIp(event),
    window: loginWindow(now),
  };
  if (isLoginThrottled(await countFailedLogins(scope))) {
    throw tooManyRequests("Too many failed login attempts. Please wait 15 minutes and try again.");
  }
  const user = await findUserByLogin(body.username);
  const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    await recordFailedLogin(scope, windowExpiry(scope.window));
    throw unauthorized("Invalid username or password");
  }
  const { token } = await createSession(user, now);
  return reply(200, toCurrentUser(user), [sessionCookie(token, event.headers?.host)]);
});
