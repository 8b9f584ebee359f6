import { loginSchema } from "#shared/schemas/auth";
import { createSession, deleteSession } from "../../adapters/dynamo/sessions-repo.ts";
import { findUserByLogin } from "../../adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../config/runtime.ts";
import { decoyHash, verifyPassword } from "../../domain/passwords.ts";
import { PENDING_LOGIN_MS } from "../../domain/two-factor.ts";
import { clientIp } from "../../http/client-ip.ts";
import { pendingLoginCookie, sessionCookies } from "../../http/cookies.ts";
import { unauthorized } from "../../http/errors.ts";
import { definePublicRoute, reply } from "../../http/route.ts";
import { sessionOrigin } from "../../http/session-origin.ts";
import { reserveLoginAttempt, upgradePasswordHash } from "../../usecases/accounts/account-security.ts";
import { pendingSecondFactor } from "../../usecases/accounts/two-factor.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const route = definePublicRoute({ body: loginSchema }, async ({ body, now, event, auth }) => {
  const user = await findUserByLogin(body.username);
  const ip = clientIp(event);
  // The attempt is counted before the password is checked: parallel guesses cannot slip past the limits.
  const attempt = await reserveLoginAttempt({ account: user?.id ?? body.username, ip, now });
  const valid = await verifyPassword(
    body.password,
    user?.passwordHash ?? (await decoyHash(passwordParams())),
  );
  if (!user || !valid) throw unauthorized("Invalid username or password");
  // Upgraded first: a pending sign-in is stamped with the hash it was made under.
  const passwordHash = await upgradePasswordHash(user, body.password);
  const pending = await pendingSecondFactor({ ...user, passwordHash }, { ip, now });
  if (pending) {
    // No session yet, so none is replaced.
    const cookie = pendingLoginCookie(pending, event.headers?.host, PENDING_LOGIN_MS / 1000);
    return reply(200, { twoFactorRequired: true }, [cookie]);
  }
  await attempt.succeeded();
  const { token } = await createSession(user, now, sessionOrigin(event));
  // The session the new cookie replaces in this browser ends.
  if (auth?.token) await deleteSession(auth.token);
  return reply(200, toCurrentUser(user), sessionCookies(token, event.headers?.host));
});
