import { emailQueue } from "../../adapters/email/email-queue.ts";
import { emailEventsFor } from "../../domain/notifications.ts";
import { streamHandler } from "../../events/stream-handler.ts";
import { logger } from "../../observability/logger.ts";

/**
 * The table's stream -> email events on the email queue (functions/domain/notifications.ts decides
 * which changes are worth an email). Nothing is sent here: the sender (notifications/send-email) does
 * that, once per event. A record whose events cannot be queued is reported back and retried.
 */
export const handler = streamHandler(async ({ oldImage, newImage, at }) => {
  const events = emailEventsFor(oldImage, newImage, at);
  if (events.length === 0) return;
  await emailQueue().enqueue(events);
  logger.debug("email events queued", { keys: events.map((e) => e.key) });
});
