/** The email of a Contact Us message, as the email sender delivers it to the stage's support address. */
import type { EmailSender } from "../../adapters/email/email-sender.ts";
import { getEmailSite } from "../../config/runtime.ts";
import { renderEmail } from "../../domain/email-templates.ts";
import type { EmailEvent } from "../../domain/notifications.ts";
import { deliverOnce } from "../alerts/deliver-once.ts";

export type SupportEmailEvent = EmailEvent & { recipient: { address: string } };

/** The emails to the stage's support address: a Contact Us message, and a buyer's cancel of a late order. */
const STAFF_KINDS: ReadonlySet<EmailEvent["kind"]> = new Set(["support_message", "late_order_cancelled"]);

export function isSupportMessageEvent(event: EmailEvent): event is SupportEmailEvent {
  return STAFF_KINDS.has(event.kind) && "address" in event.recipient;
}

/** Sends it once however often the queue delivers it. */
export async function deliverSupportEmail(
  event: SupportEmailEvent,
  sender: EmailSender,
  now: number,
): Promise<"sent" | "duplicate"> {
  const outcome = await deliverOnce(event.key, now, async () => {
    const email = renderEmail(event, "support team", getEmailSite());
    await sender.send({ ...email, to: event.recipient.address, kind: event.kind, eventKey: event.key }, now);
    return "sent";
  });
  return outcome === "duplicate" ? "duplicate" : "sent";
}
