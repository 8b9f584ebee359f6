/**
 * Proving an email address: the link sent at registration (or on request, or to a new address the
 * account asked to move to) marks it verified; notifications go only to a verified address.
 */

import {
  applyPendingEmail,
  consumeAccountToken,
  markEmailVerified,
} from "../../adapters/dynamo/accounts-repo.ts";
import { reserveAttempts } from "../../adapters/dynamo/login-attempts-repo.ts";
import { getUser, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import {
  ACCOUNT_MESSAGES,
  emailIsVerified,
  hashAccountToken,
  RESEND_INTERVAL_MS,
} from "../../domain/accounts.ts";
import { badRequest, conflict, tooManyRequests, unauthorized } from "../../domain/errors.ts";
import { logger } from "../../observability/logger.ts";
import { rewardAfterVerification } from "../referrals/referrals.ts";
import { sendAccountLink } from "./account-emails.ts";

/**
 * A new account's verification email. The account exists whatever happens here: a link that could not
 * be queued is logged, and the banner's "Resend" sends another.
 */
export async function sendFirstVerification(user: UserRecord, now: number): Promise<void> {
  try {
    await sendAccountLink({ purpose: "verify_email", user, address: user.email, now });
  } catch (error) {
    logger.warn("verification email not queued", { userId: user.id, error: String(error) });
  }
}

export async function verifyEmail(token: string, now: number): Promise<{ email: string }> {
  const used = await consumeAccountToken(hashAccountToken(token), "verify_email", now);
  if (!used) throw badRequest(ACCOUNT_MESSAGES.badVerifyToken);
  const user = await getUser(used.userId);
  if (!user || user.deletedAt) throw badRequest(ACCOUNT_MESSAGES.badVerifyToken);
  if (used.email === user.email) {
    if (!(await markEmailVerified(user.id, used.email))) throw badRequest(ACCOUNT_MESSAGES.badVerifyToken);
    await rewardAfterVerification(user.id, now);
    return { email: used.email };
  }
  // A link for an address the account has since stopped asking for proves nothing about the account.
  if (used.email !== user.pendingEmail) throw badRequest(ACCOUNT_MESSAGES.badVerifyToken);
  const moved = await applyPendingEmail(user, used.email);
  if (moved === "taken") throw conflict(ACCOUNT_MESSAGES.emailTaken);
  if (moved === "stale") throw badRequest(ACCOUNT_MESSAGES.badVerifyToken);
  await rewardAfterVerification(user.id, now);
  return { email: used.email };
}

/** Another link for the account's address (or the one it is moving to), at most once a minute. */
export async function resendVerification(userId: string, now: number): Promise<{ sentTo: string }> {
  const user = await getUser(userId);
  if (!user || user.deletedAt) throw unauthorized();
  const address = user.pendingEmail ?? (emailIsVerified(user.emailVerified) ? null : user.email);
  if (!address) throw badRequest(ACCOUNT_MESSAGES.alreadyVerified);
  const window = Math.floor(now / RESEND_INTERVAL_MS);
  const allowed = await reserveAttempts(
    [{ scope: "resend", value: user.id, limit: 1 }],
    window,
    Math.ceil(((window + 1) * RESEND_INTERVAL_MS) / 1000) + 60,
  );
  if (!allowed) throw tooManyRequests(ACCOUNT_MESSAGES.resendTooSoon);
  await sendAccountLink({ purpose: "verify_email", user, address, now });
  return { sentTo: address };
}
