import { createHash, randomBytes } from "node:crypto";
import { SESSION_DAYS } from "#shared/constants";

export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Sessions are stored under the token's hash, so a leaked table never yields a usable cookie. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** However often a session is used, it ends this long after sign-in (docs/decisions.md). */
export const SESSION_MAX_DAYS = 90;

/**
 * Epoch seconds the session expires: SESSION_DAYS after its last use (sliding), but never later than
 * SESSION_MAX_DAYS after it was created.
 */
export function sessionExpiry(now: number, createdAt: number = now): number {
  const sliding = Math.floor(now / 1000) + SESSION_DAYS * 86400;
  const absolute = Math.floor(createdAt / 1000) + SESSION_MAX_DAYS * 86400;
  return Math.min(sliding, absolute);
}

/** Past its absolute lifetime, however recently it was used. */
export function sessionOutlived(createdAt: number, now: number): boolean {
  return now - createdAt >= SESSION_MAX_DAYS * 86_400_000;
}

/** lastSeenAt and the sliding expiry are written at most once a minute per session. */
export function sessionNeedsTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS;
}
