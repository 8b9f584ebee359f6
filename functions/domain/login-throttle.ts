/**
 * Failed-login and registration limits (docs/decisions.md, Login limits; docs/architecture.md section 5).
 * Pure.
 *
 * A login attempt counts twice before the password is checked: for the (account, address) pair and for
 * the address. The address may fail 50 times per 15-minute window, whatever the accounts. The pair may
 * fail 10 times freely; from then on it waits before each next attempt, 15 minutes after the 10th
 * failure, doubling with every further one (30 minutes, 1 hour, ...) up to a day. A success from the pair
 * clears its failures, and a pair that tried nothing for a day starts afresh.
 *
 * There is no limit per account: usernames are public, so one would let strangers lock the owner out
 * (100 wrong passwords from 10 addresses locked the account for everyone). Only the addresses that
 * guessed wait; the owner from any other address signs in at once. The account is the resolved user
 * id, so its username and email share one pair.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures a pair may make before it has to wait. */
export const MAX_FAILED_PER_PAIR = 10;
export const MAX_FAILED_PER_IP = 50;
/** The wait after the pair's 10th failure; each further failure doubles it. */
const PAIR_FIRST_DELAY_MS = LOGIN_WINDOW_MS;
const PAIR_MAX_DELAY_MS = 24 * 60 * 60 * 1000;
/** A pair's failures are forgotten this long after its last attempt (the longest wait). */
export const PAIR_MEMORY_MS = PAIR_MAX_DELAY_MS;
/** Registrations (attempts that passed validation) per address per window, unless the stage says otherwise. */
export const MAX_REGISTRATIONS_PER_IP = 20;

export const LOGIN_THROTTLED_MESSAGE =
  "Too many failed login attempts. Please wait 15 minutes and try again.";
export const REGISTRATION_THROTTLED_MESSAGE =
  "Too many accounts were created from this address. Please wait 15 minutes and try again.";

/**
 * `forgot-ip`, `forgot-email`: password reset requests; `resend`: verification emails (domain/accounts.ts);
 * `second-factor`: codes typed at a sign-in's second step, per account.
 * `email-change-*`: address changes (domain/email-change-limits.ts).
 * `support-*`: Contact Us messages (domain/support.ts).
 */
export type AttemptScope =
  | "ip"
  | "register"
  | "forgot-ip"
  | "forgot-email"
  | "resend"
  | "second-factor"
  | "email-change-account"
  | "email-change-target"
  | "support-email"
  | "support-ip";

/**
 * Second-factor guesses per account per clock hour, whatever the addresses: whoever reaches that step
 * already has the password, so rotating addresses must not buy more guesses at a 6-digit code.
 */
export const SECOND_FACTOR_PER_ACCOUNT = 20;
export const SECOND_FACTOR_WINDOW_MS = 60 * 60 * 1000;

/** The hourly counter of an account's second-factor guesses, its window and when it may go (TTL, s). */
export function secondFactorCounter(userId: string, now: number) {
  const window = Math.floor(now / SECOND_FACTOR_WINDOW_MS);
  return {
    counters: [{ scope: "second-factor" as const, value: userId, limit: SECOND_FACTOR_PER_ACCOUNT }],
    window,
    expiresAt: Math.ceil(((window + 1) * SECOND_FACTOR_WINDOW_MS) / 1000) + 60,
  };
}

export interface AttemptCounter {
  scope: AttemptScope;
  value: string;
  limit: number;
}

/** What is remembered of an (account, address) pair: its failures in a row and its last attempt. */
export interface PairFailures {
  failures: number;
  lastAttemptAt: number;
}

export function loginWindow(now: number): number {
  return Math.floor(now / LOGIN_WINDOW_MS);
}

/** Epoch seconds after which a window's counters may go (TTL), a minute after the window closes. */
export function windowExpiry(window: number): number {
  return Math.ceil(((window + 1) * LOGIN_WINDOW_MS) / 1000) + 60;
}

/** The value a pair is kept under. `account` is the user id when the identifier names a user, else the typed identifier. */
export function loginPair(attempt: { account: string; ip: string }): string {
  return `${attempt.account.toLowerCase()}|${attempt.ip}`;
}

/** The windowed counters a login attempt reserves before the password is checked: the address's. */
export function loginCounters(attempt: { ip: string }): AttemptCounter[] {
  return [{ scope: "ip", value: attempt.ip, limit: MAX_FAILED_PER_IP }];
}

/** How long a pair with `failures` failures in a row waits after its last attempt. */
export function pairDelayMs(failures: number): number {
  if (failures < MAX_FAILED_PER_PAIR) return 0;
  const doublings = Math.min(failures - MAX_FAILED_PER_PAIR, 32);
  return Math.min(PAIR_FIRST_DELAY_MS * 2 ** doublings, PAIR_MAX_DELAY_MS);
}

/** Milliseconds the pair must still wait at `now` before its next attempt (0: it may try). */
export function pairWaitMs(pair: PairFailures | null, now: number): number {
  if (!pair || now - pair.lastAttemptAt >= PAIR_MEMORY_MS) return 0;
  return Math.max(0, pair.lastAttemptAt + pairDelayMs(pair.failures) - now);
}

/**
 * What a pair's next attempt does: wait (it is refused), count as one more failure in a row (reserved
 * before the password is checked; `seen` is the failures it was judged on, -1 for none), or restart
 * from one (its failures are older than the memory).
 */
export type PairDecision =
  | { kind: "wait"; ms: number }
  | { kind: "count"; seen: number }
  | { kind: "restart"; seenAt: number };

export function pairDecision(pair: PairFailures | null, now: number): PairDecision {
  if (!pair) return { kind: "count", seen: -1 };
  if (now - pair.lastAttemptAt >= PAIR_MEMORY_MS) return { kind: "restart", seenAt: pair.lastAttemptAt };
  const ms = pairWaitMs(pair, now);
  return ms > 0 ? { kind: "wait", ms } : { kind: "count", seen: pair.failures };
}

/** "Please wait 15 minutes", "1 minute", "2 hours": rounded up, so the wait is never under-stated. */
export function loginWaitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const wait =
    minutes <= 90 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.ceil(minutes / 60)} hours`;
  return `Too many failed login attempts. Please wait ${wait} and try again.`;
}

export function registrationCounters(ip: string, limit = MAX_REGISTRATIONS_PER_IP): AttemptCounter[] {
  return [{ scope: "register", value: ip, limit }];
}
