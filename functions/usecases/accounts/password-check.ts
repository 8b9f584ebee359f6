import { getUser, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { ACCOUNT_MESSAGES } from "../../domain/accounts.ts";
import { forbidden, unauthorized } from "../../domain/errors.ts";
import { verifyPassword } from "../../domain/passwords.ts";
import { reserveLoginAttempt } from "./account-security.ts";

/**
 * The signed-in user proves they are at the keyboard: counted like a login, so a stolen session cannot
 * guess the password; a wrong one is 403 and changes nothing else.
 */
export async function userWithPassword(input: {
  userId: string;
  password: string;
  ip: string;
  now: number;
}): Promise<UserRecord> {
  const user = await getUser(input.userId);
  if (!user || user.deletedAt) throw unauthorized();
  const attempt = await reserveLoginAttempt({ account: user.id, ip: input.ip, now: input.now });
  if (!(await verifyPassword(input.password, user.passwordHash)))
    throw forbidden(ACCOUNT_MESSAGES.wrongPassword);
  await attempt.succeeded();
  return user;
}
