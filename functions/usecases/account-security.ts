/**
 * What a signed-in user does to their own credentials, and the upkeep a login does on them.
 */
import { releaseAttempts, reserveAttempts } from "../adapters/dynamo/login-attempts-repo.ts";
import { deleteAllSessions, deleteSession } from "../adapters/dynamo/sessions-repo.ts";
import { getUser, replacePasswordHash, type UserRecord } from "../adapters/dynamo/users-repo.ts";
import { badRequest, tooManyRequests, unauthorized } from "../domain/errors.ts";
import {
  LOGIN_THROTTLED_MESSAGE,
  loginCounters,
  loginWindow,
  windowExpiry,
} from "../domain/login-throttle.ts";
import { hashPassword, needsRehash, verifyPassword } from "../domain/passwords.ts";
import { logger } from "../observability/logger.ts";

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: "Current password is incorrect",
  samePassword: "The new password must differ from the current one",
} as const;

/**
 * After a successful login: a hash made with weaker parameters is replaced by today's (the password is
 * in hand only now), and the session the new cookie replaces in this browser ends.
 */
export async function afterLogin(user: UserRecord, password: string, replacedToken: string | undefined) {
  if (needsRehash(user.passwordHash)) {
    const upgraded = await replacePasswordHash(user.id, user.passwordHash, await hashPassword(password));
    if (!upgraded) logger.info("password changed during login; rehash skipped", { userId: user.id });
  }
  if (replacedToken) await deleteSession(replacedToken);
}

/**
 * Checks the current password (counted like a login, so a stolen session cannot guess it), sets the new
 * one and ends every other session of the user; the caller's own session stays.
 */
export async function changePassword(input: {
  userId: string;
  token: string;
  currentPassword: string;
  newPassword: string;
  ip: string;
  now: number;
}): Promise<{ sessionsEnded: number }> {
  const user = await getUser(input.userId);
  if (!user) throw unauthorized();
  const counters = loginCounters({ account: user.id, ip: input.ip });
  const window = loginWindow(input.now);
  if (!(await reserveAttempts(counters, window, windowExpiry(window)))) {
    throw tooManyRequests(LOGIN_THROTTLED_MESSAGE);
  }
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  await releaseAttempts(counters, window);
  if (input.currentPassword === input.newPassword) throw badRequest(CHANGE_PASSWORD_MESSAGES.samePassword);
  if (!(await replacePasswordHash(user.id, user.passwordHash, await hashPassword(input.newPassword)))) {
    // An admin reset it meanwhile: the current password the user typed is no longer current.
    throw badRequest(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  return { sessionsEnded: await deleteAllSessions(user.id, input.token) };
}
