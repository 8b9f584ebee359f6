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

export function sessionExpiry(now: number): number {
  return Math.floor(now / 1000) + SESSION_DAYS * 86400;
}

/** lastSeenAt and the sliding expiry are written at most once a minute per session. */
export function sessionNeedsTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS;
}
