import { emailEventSchema } from "#shared/schemas/notifications";
import type { EmailSender } from "../../adapters/email/email-sender.ts";
import { outboxSender } from "../../adapters/email/outbox-sender.ts";
import { sesSender } from "../../adapters/email/ses-sender.ts";
import { queuedJsonHandler } from "../../events/queued-json.ts";
import { logger } from "../../observability/logger.ts";
import { sendEmailEvent } from "../../usecases/notifications/send-email.ts";

/** SES where the stage configured it (EMAIL_FROM and SES_CONFIGURATION_SET, set by CDK); the outbox otherwise (local stack). */
function sender(): EmailSender {
  const from = process.env.EMAIL_FROM;
  const configurationSet = process.env.SES_CONFIGURATION_SET;
  return from && configurationSet ? sesSender(from, configurationSet) : outboxSender;
}

/**
 * The email sender: each SQS message is one email event, sent once (usecases/notifications/send-email.ts). A failed
 * send goes back to the queue (partial batch response) and, after its retries, to the dead-letter
 * queue, which raises an alarm. A message that can never be valid is logged and dropped.
 */
export const handler = queuedJsonHandler("email event", emailEventSchema, async (email) => {
  const outcome = await sendEmailEvent(email, sender(), { now: Date.now() });
  logger.info("email event", { key: email.key, kind: email.kind, outcome });
});
