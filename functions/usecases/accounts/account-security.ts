/**
 * What a signed-in user does to their own credentials, and the upkeep a login does on them.
 */
import {
  clearPairFailures,
  getPairFailures,
  type PairReservation,
  releaseAttempts,
  reserve,
} from "../../adapters/dynamo/login-attempts-repo.ts";
import { deleteAllSessions } from "../../adapters/dynamo/sessions-repo.ts";
import { getUser, replacePasswordHash, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../config/runtime.ts";
import { badRequest, tooManyRequests, unauthorized } from "../../domain/errors.ts";
import {
  LOGIN_THROTTLED_MESSAGE,
  loginCounters,
  loginPair,
  loginWaitMessage,
  loginWindow,
  MAX_FAILED_PER_PAIR,
  PAIR_MEMORY_MS,
  pairDecision,
  windowExpiry,
} from "../../domain/login-throttle.ts";
import { hashPassword, needsRehash, verifyPassword } from "../../domain/passwords.ts";
import { logger } from "../../observability/logger.ts";

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: "Current password is incorrect",
  samePassword: "The new password must differ from the current one",
} as const;

/** A reserved login attempt; `succeeded` gives it back once the password proved right. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/** Rounds of "another attempt of the same pair came first" before giving up on this one. */
const PAIR_RACES = 3;

/**
 * Counts a password attempt of `account` from `ip` before the password is checked (domain/login-throttle.ts):
 * 429 with the wait when the pair must wait, or the 15-minute message when the address is at its limit.
 */
export async function reserveLoginAttempt(input: {
  account: string;
  ip: string;
  now: number;
}): Promise<LoginAttempt> {
  const pair = loginPair(input);
  const counters = loginCounters(input);
  const window = loginWindow(input.now);
  const expiresAt = Math.ceil((input.now + PAIR_MEMORY_MS) / 1000);
  for (let race = 0; race < PAIR_RACES; race++) {
    const decision = pairDecision(await getPairFailures(pair), input.now);
    if (decision.kind === "wait") throw tooManyRequests(loginWaitMessage(decision.ms));
    const reservation: PairReservation =
      decision.kind === "restart"
        ? { pair, kind: "restart", seenAt: decision.seenAt, now: input.now, expiresAt }
        : { pair, kind: "count", seen: decision.seen, free: MAX_FAILED_PER_PAIR, now: input.now, expiresAt };
    const outcome = await reserve(counters, window, windowExpiry(window), reservation);
    if (outcome === "counter") throw tooManyRequests(LOGIN_THROTTLED_MESSAGE);
    if (outcome === "reserved") {
      return {
        succeeded: async () => {
          await Promise.all([releaseAttempts(counters, window), clearPairFailures(pair)]);
        },
      };
    }
  }
  // The pair keeps losing to its own parallel attempts: guessing in bulk, not a person typing.
  throw tooManyRequests(LOGIN_THROTTLED_MESSAGE);
}

/**
 * After the right password at a login: a hash made with weaker parameters is replaced by today's (the
 * password is in hand only now). Answers the hash stored from now on.
 */
export async function upgradePasswordHash(user: UserRecord, password: string): Promise<string> {
  if (!needsRehash(user.passwordHash, passwordParams())) return user.passwordHash;
  const upgraded = await hashPassword(password, passwordParams());
  if (await replacePasswordHash(user.id, user.passwordHash, upgraded)) return upgraded;
  logger.info("password changed during login; rehash skipped", { userId: user.id });
  return user.passwordHash;
}

/**
 * Gives back what a login's password step reserved (its address's counter in the window it was made
 * in, and its pair's failures) once its second factor proved right: good two-step sign-ins through
 * one shared address never add up to its limit.
 */
export async function giveBackPasswordStep(step: { account: string; ip: string; window: number }) {
  await Promise.all([releaseAttempts(loginCounters(step), step.window), clearPairFailures(loginPair(step))]);
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
  const attempt = await reserveLoginAttempt({ account: user.id, ip: input.ip, now: input.now });
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  await attempt.succeeded();
  if (input.currentPassword === input.newPassword) throw badRequest(CHANGE_PASSWORD_MESSAGES.samePassword);
  if (
    !(await replacePasswordHash(
      user.id,
      user.passwordHash,
      await hashPassword(input.newPassword, passwordParams()),
    ))
  ) {
    // An admin reset it meanwhile: the current password the user typed is no longer current.
    throw badRequest(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  return { sessionsEnded: await deleteAllSessions(user.id, input.token) };
}
