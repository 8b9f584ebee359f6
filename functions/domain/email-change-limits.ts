/**
 * How often an account may ask to move to a new address (docs/architecture.md section 5). Each request
 * mails a link to the address typed, so without a ceiling a signed-in account is a mail cannon aimed at
 * anyone: at most 3 requests an hour per account and 3 a day per target address (fixed clock hours and
 * UTC days, like the other attempt counters). Pure.
 */
export const EMAIL_CHANGES_PER_ACCOUNT_HOUR = 3;
export const EMAIL_CHANGES_PER_TARGET_DAY = 3;
export const EMAIL_CHANGE_THROTTLED_MESSAGE = "Too many email changes: try again later";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** One counter to reserve: its own window number and when that window's item may expire (epoch s). */
export interface EmailChangeCounter {
  counter: {
    scope: "email-change-account" | "email-change-target";
    value: string;
    limit: number;
  };
  window: number;
  expiresAt: number;
}

function windowOf(now: number, length: number) {
  const window = Math.floor(now / length);
  return { window, expiresAt: Math.ceil(((window + 1) * length) / 1000) + 60 };
}

/** The account's hourly counter and the target address's daily one (the address case-folded). */
export function emailChangeCounters(userId: string, target: string, now: number): EmailChangeCounter[] {
  return [
    {
      counter: { scope: "email-change-account", value: userId, limit: EMAIL_CHANGES_PER_ACCOUNT_HOUR },
      ...windowOf(now, HOUR_MS),
    },
    {
      counter: {
        scope: "email-change-target",
        value: target.trim().toLowerCase(),
        limit: EMAIL_CHANGES_PER_TARGET_DAY,
      },
      ...windowOf(now, DAY_MS),
    },
  ];
}
