/**
 * Account emails carry a link's secret, which the table never holds (only its hash), so the stream
 * cannot produce them: the request queues them itself, on the same queue the stream consumer feeds,
 * and the sender delivers them like every other email (once per key, to the outbox or SES).
 */
import { putAccountToken } from "../../adapters/dynamo/accounts-repo.ts";
import { emailQueue } from "../../adapters/email/email-queue.ts";
import {
  type AccountTokenPurpose,
  hashAccountToken,
  newAccountToken,
  passwordStamp,
  tokenExpiry,
} from "../../domain/accounts.ts";
import type { EmailData, EmailEvent } from "../../domain/notifications.ts";

export async function queueAccountEmail(
  kind: EmailEvent["kind"],
  userId: string,
  key: string,
  now: number,
  data: EmailData = {},
): Promise<void> {
  await emailQueue().enqueue([{ key: `${kind}#${key}`, kind, recipient: { userId }, at: now, data }]);
}

/** Issues a link of `purpose` for `address` and queues its email there. */
export async function sendAccountLink(input: {
  purpose: AccountTokenPurpose;
  user: { id: string; passwordHash: string };
  address: string;
  now: number;
}): Promise<void> {
  const token = newAccountToken();
  const tokenHash = hashAccountToken(token);
  await putAccountToken(tokenHash, {
    purpose: input.purpose,
    userId: input.user.id,
    email: input.address,
    expiresAtMs: tokenExpiry(input.purpose, input.now),
    ...(input.purpose === "password_reset" ? { passwordStamp: passwordStamp(input.user.passwordHash) } : {}),
  });
  await queueAccountEmail(input.purpose, input.user.id, tokenHash, input.now, {
    token,
    toAddress: input.address,
  });
}
