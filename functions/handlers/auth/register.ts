import { registerSchema } from "#shared/schemas/auth";
import { reserveAttempts } from "../../adapters/dynamo/login-attempts-repo.ts";
import { createSession } from "../../adapters/dynamo/sessions-repo.ts";
import { createUser } from "../../adapters/dynamo/users-repo.ts";
import { passwordParams, registrationsPerAddress } from "../../config/runtime.ts";
import {
  loginWindow,
  REGISTRATION_THROTTLED_MESSAGE,
  registrationCounters,
  windowExpiry,
} from "../../domain/login-throttle.ts";
import { hashPassword } from "../../domain/passwords.ts";
import { clientIp } from "../../http/client-ip.ts";
import { sessionCookies } from "../../http/cookies.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { definePublicRoute, reply } from "../../http/route.ts";
import { sessionOrigin } from "../../http/session-origin.ts";
import { sendFirstVerification } from "../../usecases/accounts/verification.ts";
import { inviterOfCode } from "../../usecases/referrals/referrals.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const route = definePublicRoute({ body: registerSchema }, async ({ body, now, event }) => {
  const window = loginWindow(now);
  const counters = registrationCounters(clientIp(event), registrationsPerAddress());
  if (!(await reserveAttempts(counters, window, windowExpiry(window)))) {
    throw tooManyRequests(REGISTRATION_THROTTLED_MESSAGE);
  }
  const invitedBy = await inviterOfCode(body.referralCode);
  const user = await createUser({
    username: body.username,
    email: body.email,
    passwordHash: await hashPassword(body.password, passwordParams()),
    role: body.role,
    now,
    ...(body.role === "seller" && body.businessName ? { businessName: body.businessName } : {}),
    emailVerified: false,
    termsAccepted: body.acceptTerms === true,
    ...(invitedBy ? { invitedBy } : {}),
  });
  const { token } = await createSession(user, now, sessionOrigin(event));
  await sendFirstVerification(user, now);
  return reply(201, toCurrentUser(user), sessionCookies(token, event.headers?.host));
});
