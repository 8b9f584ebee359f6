import {
  claimEmailEvent,
  releaseEmailEvent,
  settleEmailEvent,
  takeOutbidWindow,
} from "../../adapters/dynamo/email-events-repo.ts";
import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import type { EmailSender } from "../../adapters/email/email-sender.ts";
import { getEmailSite } from "../../config/runtime.ts";
import { emailIsVerified } from "../../domain/accounts.ts";
import { renderEmail } from "../../domain/email-templates.ts";
import {
  type EmailEvent,
  notificationSettingsOf,
  OUTBID_EMAIL_WINDOW_MS,
  outbidWindowCutoff,
  userWantsEmail,
} from "../../domain/notifications.ts";

/** A sender that has not settled its claim in this long is presumed dead; a later delivery takes over. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;

export type SendOutcome = "sent" | "duplicate" | "opted_out" | "rate_limited" | "no_recipient";

export interface SendOptions {
  now: number;
  /** At most one outbid email per auction and user in this long (default 5 minutes). */
  outbidWindowMs?: number;
}

/**
 * Sends the email of one event exactly once however often it is delivered: the event's EMAILSENT# item
 * is claimed first (a delivery that finds it settled does nothing), settled after the send, and given
 * back when the send fails so the queue's retry sends it. A delivery that finds another one sending
 * right now throws, so the queue retries it later rather than dropping it.
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

  const claim = await claimEmailEvent(event.key, options.now, CLAIM_LEASE_MS);
  if (claim === "done") return "duplicate";
  if (claim === "busy") throw new Error(`email event ${event.key} is being sent by another delivery`);
  try {
    if (event.kind === "outbid" && event.data.auctionId) {
      const allowed = await takeOutbidWindow({
        auctionId: event.data.auctionId,
        userId: user.id,
        eventKey: event.key,
        at: event.at,
        cutoff: outbidWindowCutoff(event.at, options.outbidWindowMs ?? OUTBID_EMAIL_WINDOW_MS),
      });
      if (!allowed) {
        await settleEmailEvent(event.key, "skipped", options.now);
        return "rate_limited";
      }
    }
    const email = renderEmail(event, user.username, getEmailSite());
    const to = event.data.toAddress ?? user.email;
    await sender.send({ ...email, to, kind: event.kind, eventKey: event.key }, options.now);
  } catch (error) {
    await releaseEmailEvent(event.key);
    throw error;
  }
  await settleEmailEvent(event.key, "sent", options.now);
  return "sent";
}

async function recipientUserId(recipient: EmailEvent["recipient"]): Promise<string | null> {
  if ("userId" in recipient) return recipient.userId;
  return (await getSeller(recipient.sellerId))?.userId ?? null;
}
