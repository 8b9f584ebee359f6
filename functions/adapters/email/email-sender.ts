import type { EmailKind } from "#shared/schemas/notifications";
import type { RenderedEmail } from "../../domain/email-templates.ts";

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  kind: EmailKind;
  /** The event's idempotency key (a tag in SES, kept with the outbox copy). */
  eventKey: string;
}

/** Sends one email: SES in AWS (ses-sender.ts), the table's outbox on the local stack (outbox-sender.ts). */
export interface EmailSender {
  send(email: OutgoingEmail, now: number): Promise<void>;
}
