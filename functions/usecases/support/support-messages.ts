/**
 * Contact Us: a message is counted against its sender's hour (domain/support.ts), stored for the
 * admin's Support tab and queued as an email to the stage's support address on the one email queue
 * (the sender delivers it once, to SES or the local outbox, like every other email).
 */
import type { SupportMessageRequest, SupportMessageView } from "#shared/schemas/support";
import { reserveAttempts } from "../../adapters/dynamo/login-attempts-repo.ts";
import {
  listSupportMessages as listStored,
  markSupportMessageAnswered,
  putSupportMessage,
} from "../../adapters/dynamo/support-repo.ts";
import { emailQueue } from "../../adapters/email/email-queue.ts";
import { supportEmailAddress, supportMessagesPerAddress } from "../../config/runtime.ts";
import { notFound, tooManyRequests } from "../../domain/errors.ts";
import { SUPPORT_MESSAGES, supportMessageCounters, supportMessageLines } from "../../domain/support.ts";

/** How many messages the Support tab shows (newest first). */
export const SUPPORT_LIST_LIMIT = 200;

export async function sendSupportMessage(input: {
  body: SupportMessageRequest;
  sender: { userId: string; username: string } | null;
  ip: string;
  now: number;
}): Promise<{ id: string }> {
  const { body, sender, now } = input;
  const limit = supportMessageCounters(body.email, input.ip, now, supportMessagesPerAddress());
  if (!(await reserveAttempts(limit.counters, limit.window, limit.expiresAt))) {
    throw tooManyRequests(SUPPORT_MESSAGES.throttled);
  }
  const id = crypto.randomUUID();
  const orderId = body.orderId ? body.orderId : null;
  await putSupportMessage({
    id,
    email: body.email,
    subject: body.subject,
    message: body.message,
    orderId,
    userId: sender?.userId ?? null,
    username: sender?.username ?? null,
    status: "open",
    createdAt: new Date(now).toISOString(),
    answeredAt: null,
  });
  await emailQueue().enqueue([
    {
      key: `support_message#${id}`,
      kind: "support_message",
      recipient: { address: supportEmailAddress() },
      at: now,
      data: {
        supportMessageId: id,
        fromEmail: body.email,
        ...(sender ? { fromUsername: sender.username } : {}),
        supportSubject: body.subject,
        supportLines: supportMessageLines(body.message),
        ...(orderId ? { orderId } : {}),
      },
    },
  ]);
  return { id };
}

export function listSupportMessages(): Promise<SupportMessageView[]> {
  return listStored(SUPPORT_LIST_LIMIT);
}

export async function markSupportMessageAsAnswered(id: string, now: number): Promise<SupportMessageView> {
  const answered = await markSupportMessageAnswered(id, new Date(now).toISOString());
  if (!answered) throw notFound(SUPPORT_MESSAGES.notFound);
  return answered;
}
