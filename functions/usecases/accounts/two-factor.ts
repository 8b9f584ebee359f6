/**
 * Two-factor sign-in with an authenticator app: turning it on (a secret shown once as a QR code, proved
 * with a code, ten recovery codes shown once), the second step of a sign-in, and turning it off.
 * Every code typed is counted like a password attempt (domain/login-throttle.ts).
 */
import type { TwoFactorSetupView, TwoFactorStatusView } from "#shared/schemas/accounts";
import { releaseAttempts, reserveAttempts } from "../../adapters/dynamo/login-attempts-repo.ts";
import {
  createSession,
  markSessionSecondFactor,
  type SessionOrigin,
} from "../../adapters/dynamo/sessions-repo.ts";
import {
  claimCodeStep,
  consumePendingLogin,
  deleteTwoFactor,
  enableTwoFactor,
  getPendingLogin,
  getTwoFactor,
  putPendingLogin,
  putPendingSecret,
  spendRecoveryCode,
  type TwoFactorRecord,
} from "../../adapters/dynamo/two-factor-repo.ts";
import { getUser, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { adminTwoFactorRequired, SITE_NAME } from "../../config/runtime.ts";
import { hashAccountToken, newAccountToken, passwordStamp } from "../../domain/accounts.ts";
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from "../../domain/errors.ts";
import { LOGIN_THROTTLED_MESSAGE, loginWindow, secondFactorCounter } from "../../domain/login-throttle.ts";
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  PENDING_LOGIN_MS,
  TWO_FACTOR_MESSAGES,
} from "../../domain/two-factor.ts";
import { queueAccountEmail } from "./account-emails.ts";
import { giveBackPasswordStep, reserveLoginAttempt } from "./account-security.ts";
import {
  type PasswordProof,
  passwordAttempt,
  signedInUser,
  verifiedUserWithPassword,
} from "./password-check.ts";

const isOn = (record: TwoFactorRecord | null): record is TwoFactorRecord & { secret: string } =>
  Boolean(record?.enabledAt && record.secret);

export async function twoFactorStatus(userId: string, role: string): Promise<TwoFactorStatusView> {
  const record = await getTwoFactor(userId);
  return {
    enabled: isOn(record),
    recoveryCodesLeft: isOn(record) ? (record.recoveryCodes ?? []).length : 0,
    required: role === "admin" && adminTwoFactorRequired(),
  };
}

/**
 * A new secret for the app, kept until a code proves the app holds it; a second setup replaces the first.
 * Only for a verified address and with the password typed again: a stolen session cannot lock the owner out.
 */
export async function startTwoFactorSetup(user: {
  userId: string;
  username: string;
  password: string | undefined;
  ip: string;
  now: number;
}): Promise<TwoFactorSetupView> {
  await verifiedUserWithPassword(user);
  const secret = newTotpSecret();
  if (!(await putPendingSecret(user.userId, secret))) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  return { secret, otpauthUri: otpauthUri({ issuer: SITE_NAME, account: user.username, secret }) };
}

/**
 * The app's first code turns two-factor on: the recovery codes are answered this once (only their
 * hashes are kept), the session it was done in counts as having proved a second factor, and the
 * owner is told by email.
 */
export async function confirmTwoFactorSetup(input: {
  userId: string;
  token: string;
  code: string;
  ip: string;
  now: number;
  device: string;
}): Promise<{ recoveryCodes: string[] }> {
  const record = await getTwoFactor(input.userId);
  if (isOn(record)) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!record?.pendingSecret) throw badRequest(TWO_FACTOR_MESSAGES.noSetup);
  const attempt = await reserveLoginAttempt({ account: input.userId, ip: input.ip, now: input.now });
  const step = matchTotp(record.pendingSecret, input.code, input.now);
  if (step === null) throw badRequest(TWO_FACTOR_MESSAGES.wrongCode);
  await attempt.succeeded();
  const recoveryCodes = newRecoveryCodes();
  const enabled = await enableTwoFactor(input.userId, {
    secret: record.pendingSecret,
    step,
    recoveryCodes: recoveryCodes.map(hashRecoveryCode),
    now: input.now,
  });
  // Another setup replaced the secret meanwhile (another tab): this code proved the old one.
  if (!enabled) throw badRequest(TWO_FACTOR_MESSAGES.noSetup);
  await markSessionSecondFactor(input.token);
  await queueAccountEmail("two_factor_enabled", input.userId, `${input.userId}#${input.now}`, input.now, {
    deviceName: input.device,
    happenedAt: input.now,
  });
  return { recoveryCodes };
}

/** Spends an app code (its step, never again) or a recovery code (gone once used); false when neither fits. */
async function spendCode(
  userId: string,
  record: TwoFactorRecord & { secret: string },
  code: string,
  now: number,
) {
  if (isRecoveryCodeShape(code)) {
    const hash = hashRecoveryCode(code);
    const index = (record.recoveryCodes ?? []).indexOf(hash);
    return index >= 0 && (await spendRecoveryCode(userId, index, hash));
  }
  const step = matchTotp(record.secret, code, now, record.lastStep ?? -1);
  return step !== null && (await claimCodeStep(userId, step));
}

/** Turning it off takes the password and a code: a session left open on a shared computer is not enough. */
export async function disableTwoFactor(input: PasswordProof & { code: string }): Promise<void> {
  const user = await signedInUser(input.userId);
  if (user.role === "admin" && adminTwoFactorRequired()) throw forbidden(TWO_FACTOR_MESSAGES.staffMustKeep);
  const record = await getTwoFactor(user.id);
  if (!isOn(record)) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled);
  const attempt = await passwordAttempt(user, input);
  if (!(await spendCode(user.id, record, input.code, input.now)))
    throw forbidden(TWO_FACTOR_MESSAGES.wrongCode);
  await attempt.succeeded();
  await deleteTwoFactor(user.id);
}

/**
 * After the right password: when the account has two-factor on, a pending sign-in (its token for the
 * cookie) instead of a session. The password attempt stays counted until the code is right, so a
 * guesser who knows the password cannot clear the counter between guesses of the code. It is stamped
 * with the password hash it passed: a password reset meanwhile makes it dead.
 */
export async function pendingSecondFactor(
  user: Pick<UserRecord, "id" | "passwordHash">,
  step: { ip: string; now: number },
): Promise<string | null> {
  if (!isOn(await getTwoFactor(user.id))) return null;
  const token = newAccountToken();
  await putPendingLogin(hashAccountToken(token), {
    userId: user.id,
    passwordStamp: passwordStamp(user.passwordHash),
    ip: step.ip,
    window: loginWindow(step.now),
    expiresAtMs: step.now + PENDING_LOGIN_MS,
  });
  return token;
}

/**
 * The second step: the right code for the pending sign-in makes its session, once, and gives back
 * what its password step reserved. A wrong code is 401 like a wrong password; no pending sign-in
 * (expired, used, never made, or made before the password last changed) is 400: start again. Each
 * code counts against the address like a login, and against the account's hourly ceiling wherever
 * it comes from (429 past it).
 */
export async function completeTwoFactorLogin(input: {
  pendingToken: string | undefined;
  code: string;
  ip: string;
  now: number;
  origin: SessionOrigin;
}): Promise<{ user: UserRecord; token: string }> {
  const tokenHash = input.pendingToken ? hashAccountToken(input.pendingToken) : null;
  const pending = tokenHash ? await getPendingLogin(tokenHash, input.now) : null;
  if (!tokenHash || !pending) throw badRequest(TWO_FACTOR_MESSAGES.noPendingLogin);
  const { userId } = pending;
  const attempt = await reserveLoginAttempt({ account: userId, ip: input.ip, now: input.now });
  const ceiling = secondFactorCounter(userId, input.now);
  if (!(await reserveAttempts(ceiling.counters, ceiling.window, ceiling.expiresAt)))
    throw tooManyRequests(LOGIN_THROTTLED_MESSAGE);
  const [user, record] = await Promise.all([getUser(userId), getTwoFactor(userId)]);
  if (!user || user.deletedAt || !isOn(record) || passwordStamp(user.passwordHash) !== pending.passwordStamp)
    throw badRequest(TWO_FACTOR_MESSAGES.noPendingLogin);
  if (!(await spendCode(user.id, record, input.code, input.now)))
    throw unauthorized(TWO_FACTOR_MESSAGES.wrongCode);
  if (!(await consumePendingLogin(tokenHash, input.now)))
    throw badRequest(TWO_FACTOR_MESSAGES.noPendingLogin);
  await Promise.all([
    attempt.succeeded(),
    releaseAttempts(ceiling.counters, ceiling.window),
    giveBackPasswordStep({ account: userId, ip: pending.ip, window: pending.window }),
  ]);
  const { token } = await createSession(user, input.now, input.origin, { secondFactor: true });
  return { user, token };
}
