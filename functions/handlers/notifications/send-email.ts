import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSEvent, SQSRecord } from "aws-lambda";
import { emailEventSchema } from "#shared/schemas/notifications";
import type { EmailSender } from "../../adapters/email/email-sender.ts";
import { outboxSender } from "../../adapters/email/outbox-sender.ts";
import { sesSender } from "../../adapters/email/ses-sender.ts";
import { logger } from "../../observability/logger.ts";
import { sendEmailEvent } from "../../usecases/send-email.ts";

const processor = new BatchProcessor(EventType.SQS);

/** SES where the stage configured it (EMAIL_FROM and SES_CONFIGURATION_SET, set by CDK); the outbox otherwise (local stack). */
function sender(): EmailSender {
  const from = process.env.EMAIL_FROM;
  const configurationSet = process.env.SES_CONFIGURATION_SET;
  return from && configurationSet ? sesSender(from, configurationSet) : outboxSender;
}

/**
 * The email sender: each SQS message is one email event, sent once (usecases/send-email.ts). A failed
 * send goes back to the queue (partial batch response) and, after its retries, to the dead-letter
 * queue, which raises an alarm. A message that can never be valid is logged and dropped.
 */
export async function handler(event: SQSEvent, context: Context) {
  const via = sender();
  return processPartialResponse(
    event,
    async (record: SQSRecord) => {
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        body = null;
      }
      const parsed = emailEventSchema.safeParse(body);
      if (!parsed.success) {
        logger.error("email event with a malformed body", { body: record.body.slice(0, 500) });
        return;
      }
      const outcome = await sendEmailEvent(parsed.data, via, { now: Date.now() });
      logger.info("email event", { key: parsed.data.key, kind: parsed.data.kind, outcome });
    },
    processor,
    { context },
  );
}
