import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import type { EmailSender } from "../../adapters/email/email-sender.ts";
import { getEmailSite } from "../../config/runtime.ts";
import { emailIsVerified } from "../../domain/accounts.ts";
import { renderEmail } from "../../domain/email-templates.ts";
import { type EmailEvent, notificationSettingsOf, userWantsEmail } from "../../domain/notifications.ts";
import { deliverOnce, outbidWindowAllows } from "./deliver-once.ts";

export type SendOutcome = "sent" | "duplicate" | "opted_out" | "rate_limited" | "no_recipient";

export interface SendOptions {
  now: number;
  /** At most one outbid email per auction and user in this long (default 5 minutes). */
  outbidWindowMs?: number;
}

/**
 * Sends the email of one event exactly once however often it is delivered (deliverOnce: the event's
 * EMAILSENT# item), under the outbid rule.
 */
export async function sendEmailEvent(
  event: EmailEvent,
  sender: EmailSender,
  options: SendOptions,
): Promise<SendOutcome> {
  const userId = await recipientUserId(event.recipient);
  const user = userId ? await getUser(userId) : null;
  // A deleted account has no address left to write to.
  if (!user || user.deletedAt) return "no_recipient";
  // Read at sending time: turning outbid emails off stops the ones still queued too.
  if (
    !userWantsEmail(
      event.kind,
      notificationSettingsOf(user.notifications),
      emailIsVerified(user.emailVerified),
    )
  )
    return "opted_out";

  const outcome = await deliverOnce(event.key, options.now, async () => {
    if (!(await outbidWindowAllows(event, user.id, options.outbidWindowMs))) return "skipped";
    const email = renderEmail(event, user.username, getEmailSite());
    const to = event.data.toAddress ?? user.email;
    await sender.send({ ...email, to, kind: event.kind, eventKey: event.key }, options.now);
    return "sent";
  });
  return outcome === "skipped" ? "rate_limited" : outcome;
}

async function recipientUserId(recipient: EmailEvent["recipient"]): Promise<string | null> {
  if ("userId" in recipient) return recipient.userId;
  // An address is a reset request (usecases/accounts/reset-requests.ts), never an email of its own.
  if (!("sellerId" in recipient)) return null;
  return (await getSeller(recipient.sellerId))?.userId ?? null;
}
