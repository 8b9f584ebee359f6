/**
 * Failed-login and registration limits, in fixed windows (docs/decisions.md, Login limits). Pure.
 *
 * A failed login counts three times: for the (account, address) pair, for the address, and for the
 * account. The pair's limit is the tight one, so guessing from one address stops after 10; the
 * account's own ceiling is much higher, so a stranger cannot lock a victim out from one address (or a
 * handful), while a guessing run spread over many addresses still meets a wall. The account is the
 * resolved user id, so its username and email share one bucket.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_PER_PAIR = 10;
export const MAX_FAILED_PER_IP = 50;
export const MAX_FAILED_PER_ACCOUNT = 100;
/** Registrations (attempts that passed validation) per address per window, unless the stage says otherwise. */
export const MAX_REGISTRATIONS_PER_IP = 20;

export const LOGIN_THROTTLED_MESSAGE =
  "Too many failed login attempts. Please wait 15 minutes and try again.";
export const REGISTRATION_THROTTLED_MESSAGE =
  "Too many accounts were created from this address. Please wait 15 minutes and try again.";

export type AttemptScope = "pair" | "ip" | "account" | "register";

export interface AttemptCounter {
  scope: AttemptScope;
  value: string;
  limit: number;
}

export function loginWindow(now: number): number {
  return Math.floor(now / LOGIN_WINDOW_MS);
}

/** Epoch seconds after which a window's counters may go (TTL), a minute after the window closes. */
export function windowExpiry(window: number): number {
  return Math.ceil(((window + 1) * LOGIN_WINDOW_MS) / 1000) + 60;
}

/**
 * The counters a login attempt reserves before the password is checked. `account` is the user id when
 * the identifier names a user, else the typed identifier (so guessing at unknown names still counts).
 */
export function loginCounters(attempt: { account: string; ip: string }): AttemptCounter[] {
  const account = attempt.account.toLowerCase();
  return [
    { scope: "pair", value: `${account}|${attempt.ip}`, limit: MAX_FAILED_PER_PAIR },
    { scope: "ip", value: attempt.ip, limit: MAX_FAILED_PER_IP },
    { scope: "account", value: account, limit: MAX_FAILED_PER_ACCOUNT },
  ];
}

export function registrationCounters(ip: string, limit = MAX_REGISTRATIONS_PER_IP): AttemptCounter[] {
  return [{ scope: "register", value: ip, limit }];
}
