import { getUser, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { ACCOUNT_MESSAGES, emailIsVerified } from "../../domain/accounts.ts";
import { forbidden, unauthorized } from "../../domain/errors.ts";
import { verifyPassword } from "../../domain/passwords.ts";
import { reserveLoginAttempt } from "./account-security.ts";

/** The signed-in user retyping their password, from where (attempts count per account and address) and when. */
export interface PasswordProof {
  userId: string;
  password: string;
  ip: string;
  now: number;
}

/** The signed-in user's account; 401 once it is gone (deleted since the session began). */
export async function signedInUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user || user.deletedAt) throw unauthorized();
  return user;
}

/**
 * Checks the password on a login attempt of its own, so a stolen session cannot guess it; a wrong one
 * is 403. The caller marks the attempt succeeded once everything else it asks for is right too.
 */
export async function passwordAttempt(user: UserRecord, proof: PasswordProof) {
  const attempt = await reserveLoginAttempt({ account: user.id, ip: proof.ip, now: proof.now });
  if (!(await verifyPassword(proof.password, user.passwordHash)))
    throw forbidden(ACCOUNT_MESSAGES.wrongPassword);
  return attempt;
}

/**
 * The signed-in user proves they are at the keyboard: counted like a login, so a stolen session cannot
 * guess the password; a wrong one is 403 and changes nothing else.
 */
export async function userWithPassword(input: PasswordProof): Promise<UserRecord> {
  const user = await signedInUser(input.userId);
  const attempt = await passwordAttempt(user, input);
  await attempt.succeeded();
  return user;
}

/**
 * What adding a sign-in method takes (a passkey, two-factor): a proved address, so nobody can plant one
 * on an address they registered but do not own, and the password, so a stolen session cannot. Both
 * refusals are 403; a missing password is a wrong one.
 */
export async function verifiedUserWithPassword(
  input: Omit<PasswordProof, "password"> & { password: string | undefined },
): Promise<UserRecord> {
  const user = await signedInUser(input.userId);
  if (!emailIsVerified(user.emailVerified)) throw forbidden(ACCOUNT_MESSAGES.verifyFirst);
  const attempt = await passwordAttempt(user, { ...input, password: input.password ?? "" });
  await attempt.succeeded();
  return user;
}
