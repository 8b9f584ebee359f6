import { emailQueue } from "../../adapters/email/email-queue.ts";
import { supportEmailAddress } from "../../config/runtime.ts";
import { emailEventsFor } from "../../domain/notifications.ts";
import { logger } from "../../observability/logger.ts";

/**
 * One stream record -> its email events on the email queue (functions/domain/notifications.ts decides
 * which changes are worth an email). Nothing is sent here: the sender (alerts/send-alerts) does
 * that, once per event key, so queueing the same record twice sends nothing twice.
 */
export async function queueEmailEvents(record: {
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
  at: number;
}): Promise<void> {
  const events = emailEventsFor(record.oldImage, record.newImage, record.at, supportEmailAddress());
  if (events.length === 0) return;
  await emailQueue().enqueue(events);
  logger.debug("email events queued", { keys: events.map((e) => e.key) });
}
