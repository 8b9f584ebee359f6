/**
 * "Forgot password?": a link by email, whose use sets a new password, ends every session of the
 * account, removes every passkey (pending two-factor sign-ins die with the old password's stamp) and
 * tells the owner, naming the passkeys removed: whatever an intruder left behind goes. Asking answers the same whether or not the address has an account.
 */
import { consumeAccountToken, markEmailVerified } from "../../adapters/dynamo/accounts-repo.ts";
import { reserveAttempts } from "../../adapters/dynamo/login-attempts-repo.ts";
import { deleteAllPasskeys } from "../../adapters/dynamo/passkeys-repo.ts";
import { deleteAllSessions } from "../../adapters/dynamo/sessions-repo.ts";
import { getUser, replacePasswordHash } from "../../adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../config/runtime.ts";
import {
  ACCOUNT_MESSAGES,
  FORGOT_PER_EMAIL,
  FORGOT_PER_IP,
  hashAccountToken,
  passwordStamp,
} from "../../domain/accounts.ts";
import { badRequest, tooManyRequests } from "../../domain/errors.ts";
import { loginWindow, windowExpiry } from "../../domain/login-throttle.ts";
import { hashPassword } from "../../domain/passwords.ts";
import { queueAccountEmail } from "./account-emails.ts";
import { queueResetRequest } from "./reset-requests.ts";

export async function forgotPassword(input: { email: string; ip: string; now: number }): Promise<void> {
  const window = loginWindow(input.now);
  // Counted for every address asked about, registered or not, so the limit itself reveals nothing.
  const allowed = await reserveAttempts(
    [
      { scope: "forgot-ip", value: input.ip, limit: FORGOT_PER_IP },
      { scope: "forgot-email", value: input.email.toLowerCase(), limit: FORGOT_PER_EMAIL },
    ],
    window,
    windowExpiry(window),
  );
  if (!allowed) throw tooManyRequests(ACCOUNT_MESSAGES.forgotThrottled);
  // Known or not, the same queued request: the sender looks the address up (reset-requests.ts).
  await queueResetRequest(input.email, input.now);
}

export async function resetPassword(input: {
  token: string;
  newPassword: string;
  now: number;
}): Promise<void> {
  const tokenHash = hashAccountToken(input.token);
  const used = await consumeAccountToken(tokenHash, "password_reset", input.now);
  if (!used) throw badRequest(ACCOUNT_MESSAGES.badResetToken);
  const user = await getUser(used.userId);
  // A link issued before the password last changed (or for an address the account no longer has) is dead.
  if (
    !user ||
    user.deletedAt ||
    user.email !== used.email ||
    used.passwordStamp !== passwordStamp(user.passwordHash)
  )
    throw badRequest(ACCOUNT_MESSAGES.badResetToken);
  if (
    !(await replacePasswordHash(
      user.id,
      user.passwordHash,
      await hashPassword(input.newPassword, passwordParams()),
    ))
  )
    throw badRequest(ACCOUNT_MESSAGES.badResetToken);
  await deleteAllSessions(user.id);
  const removedPasskeys = await deleteAllPasskeys(user.id);
  // Following the link proved the address as well as a verification link would.
  await markEmailVerified(user.id, used.email);
  await queueAccountEmail("password_changed", user.id, tokenHash, input.now, {
    ...(removedPasskeys.length ? { removedPasskeys } : {}),
  });
}
