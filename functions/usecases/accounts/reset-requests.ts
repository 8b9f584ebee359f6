/**
 * "Forgot password?" in two steps, so asking takes the same time whether or not the address has an
 * account (docs/architecture.md section 5): the request only counts itself and queues a reset request
 * for the address, on both paths alike; the email sender takes it from the queue, finds the account
 * that holds the address, if any, and issues its link then (password-reset.ts resets with it).
 */
import { findUserByLogin } from "../../adapters/dynamo/users-repo.ts";
import { emailQueue } from "../../adapters/email/email-queue.ts";
import type { EmailEvent } from "../../domain/notifications.ts";
import { deliverOnce } from "../alerts/deliver-once.ts";
import { sendAccountLink } from "./account-emails.ts";

/** Queues the request for `address` (its own key: each request is one, delivered once). */
export async function queueResetRequest(address: string, now: number): Promise<void> {
  await emailQueue().enqueue([
    {
      key: `password_reset_request#${crypto.randomUUID()}`,
      kind: "password_reset",
      recipient: { address },
      at: now,
      data: {},
    },
  ]);
}

/** A reset asked for an address, as the sender receives it (everything else names its user). */
export function isResetRequest(event: EmailEvent): event is EmailEvent & { recipient: { address: string } } {
  return event.kind === "password_reset" && "address" in event.recipient;
}

/**
 * Issues the link of a queued request to the account holding its address, once however often the
 * request is delivered; "no_recipient" when no account holds it.
 */
export async function issueRequestedReset(
  event: EmailEvent & { recipient: { address: string } },
  now: number,
): Promise<"sent" | "duplicate" | "no_recipient"> {
  const user = await findUserByLogin(event.recipient.address);
  if (!user) return "no_recipient";
  const outcome = await deliverOnce(event.key, now, async () => {
    await sendAccountLink({ purpose: "password_reset", user, address: user.email, now });
    return "sent";
  });
  return outcome === "duplicate" ? "duplicate" : "sent";
}
