import { saveOutboxEmail } from "../dynamo/outbox-repo.ts";
import type { EmailSender } from "./email-sender.ts";

/** The local stack's SES: every email lands in the outbox (GET /api/dev/outbox lists it). */
export const outboxSender: EmailSender = {
  async send(email, now) {
    await saveOutboxEmail({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      kind: email.kind,
      sentAt: new Date(now).toISOString(),
      eventKey: email.eventKey,
    });
  },
};
