/**
 * Moving an account to a new address: it takes effect only when the new address follows its link
 * (verification.ts), and the old address is told at once, so a thief with the password is noticed.
 */
import { setPendingEmail } from "../../adapters/dynamo/accounts-repo.ts";
import { releaseAttempts, reserveAttempts } from "../../adapters/dynamo/login-attempts-repo.ts";
import { findUserByLogin } from "../../adapters/dynamo/users-repo.ts";
import { ACCOUNT_MESSAGES } from "../../domain/accounts.ts";
import { EMAIL_CHANGE_THROTTLED_MESSAGE, emailChangeCounters } from "../../domain/email-change-limits.ts";
import { badRequest, conflict, tooManyRequests } from "../../domain/errors.ts";
import { queueAccountEmail, sendAccountLink } from "./account-emails.ts";
import { userWithPassword } from "./password-check.ts";

export async function changeEmail(input: {
  userId: string;
  email: string;
  password: string;
  ip: string;
  now: number;
}): Promise<{ pendingEmail: string }> {
  const user = await userWithPassword(input);
  if (input.email.toLowerCase() === user.email.toLowerCase()) throw badRequest(ACCOUNT_MESSAGES.sameEmail);
  if (await findUserByLogin(input.email)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
  await reserveEmailChange(user.id, input.email, input.now);
  await setPendingEmail(user.id, input.email);
  await sendAccountLink({ purpose: "verify_email", user, address: input.email, now: input.now });
  await queueAccountEmail("email_change_requested", user.id, `${user.id}#${input.now}`, input.now, {
    newEmail: input.email,
  });
  return { pendingEmail: input.email };
}

/**
 * Counts the request against the account's hour and the target's day before anything is sent; the
 * windows differ, so the second refusing gives the first back (nothing counted, nothing changed).
 */
async function reserveEmailChange(userId: string, target: string, now: number): Promise<void> {
  const reserved: ReturnType<typeof emailChangeCounters> = [];
  for (const entry of emailChangeCounters(userId, target, now)) {
    if (!(await reserveAttempts([entry.counter], entry.window, entry.expiresAt))) {
      for (const taken of reserved) await releaseAttempts([taken.counter], taken.window);
      throw tooManyRequests(EMAIL_CHANGE_THROTTLED_MESSAGE);
    }
    reserved.push(entry);
  }
}
