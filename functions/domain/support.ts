/**
 * Contact Us messages (docs/product.md, Contact Us). Each one is mailed to the stage's support address,
 * so without a ceiling the form is a way to flood that inbox: at most 3 messages an hour per sender's
 * email address and 10 an hour per network address (fixed clock hours, like the other attempt counters).
 * Pure.
 */
import type { AttemptCounter } from "./login-throttle.ts";

export const SUPPORT_MESSAGES_PER_EMAIL_HOUR = 3;
export const SUPPORT_MESSAGES_PER_IP_HOUR = 10;

export const SUPPORT_MESSAGES = {
  received: "Thanks, your message was sent. We answer by email, usually within one business day.",
  throttled: "You have sent several messages in the last hour. Please wait an hour before sending another.",
  notFound: "Support message not found",
  answered: "Marked as answered",
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** The hour's counters of a message: the sender's address (case-folded) and the network address. */
export function supportMessageCounters(
  email: string,
  ip: string,
  now: number,
  perIp: number = SUPPORT_MESSAGES_PER_IP_HOUR,
): { counters: AttemptCounter[]; window: number; expiresAt: number } {
  const window = Math.floor(now / HOUR_MS);
  return {
    counters: [
      { scope: "support-email", value: email.trim().toLowerCase(), limit: SUPPORT_MESSAGES_PER_EMAIL_HOUR },
      { scope: "support-ip", value: ip, limit: perIp },
    ],
    window,
    expiresAt: Math.ceil(((window + 1) * HOUR_MS) / 1000) + 60,
  };
}

/** A message's body as lines for the email (blank lines kept short: at most one in a row). */
export function supportMessageLines(message: string): string[] {
  const lines = message.split(/\r\n|\r|\n/).map((line) => line.trimEnd());
  return lines.filter((line, i) => line !== "" || (i > 0 && lines[i - 1] !== ""));
}
