import { type OutboxEmail, outboxEmailSchema } from "#shared/schemas/notifications";
import { keys } from "./keys.ts";
import { appendToLocalLog, readLocalLog } from "./local-logs.ts";

/** The local stack's stand-in for SES: the email is stored under its recipient (adapters/email/outbox-sender.ts). */
export async function saveOutboxEmail(email: OutboxEmail & { eventKey: string }): Promise<void> {
  await appendToLocalLog(keys.outboxEmail(email.to, email.sentAt, crypto.randomUUID()), "outboxEmail", email);
}

/** The newest emails sent to an address, newest first. */
export async function listOutbox(to: string, limit = 100): Promise<OutboxEmail[]> {
  return readLocalLog(keys.outboxPartition(to), limit, "outboxEmail", outboxEmailSchema);
}
