/**
 * Rules of an account's recovery and control (docs/architecture.md section 5, "Accounts"): one-time
 * tokens for email verification and password reset, the limits on asking for them, and how a session
 * is shown to its owner. Pure: time comes in as `now`.
 */
import { createHash, randomBytes } from "node:crypto";

export type AccountTokenPurpose = "verify_email" | "password_reset";

/** How long a link stays good: a day to verify an address, half an hour to reset a password. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  password_reset: 30 * 60 * 1000,
};

export const ACCOUNT_MESSAGES = {
  badVerifyToken: "This verification link is invalid, was already used or has expired",
  badResetToken: "This password reset link is invalid, was already used or has expired",
  forgotAccepted: "If an account uses that address, we have sent it a link to reset the password.",
  resendTooSoon: "A verification email was sent less than a minute ago. Please wait a minute and try again.",
  alreadyVerified: "Your email address is already verified",
  forgotThrottled: "Too many password reset requests. Please wait 15 minutes and try again.",
  wrongPassword: "Password is incorrect",
  verifyFirst: "Verify your email address first",
  sameEmail: "That is already your email address",
  emailTaken: "Email is already registered",
  sessionNotFound: "Session not found",
  shipmentPending:
    "An order of yours is paid and waiting to be shipped. You can delete your account once it has shipped.",
} as const;

/** Per 15-minute window: reset requests from one address, and for one email address whoever asks. */
export const FORGOT_PER_IP = 20;
export const FORGOT_PER_EMAIL = 3;
/** A signed-in user may ask for a new verification email once a minute. */
export const RESEND_INTERVAL_MS = 60_000;

/** 32 random bytes: the link's secret. Only its hash is stored, so a leaked table yields no usable link. */
export function newAccountToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashAccountToken(token: string): string {
  return createHash("sha256").update(`account-token:${token}`).digest("hex");
}

/**
 * A short fingerprint of the password hash a reset link was issued against: once the password changes
 * (by that link or any other way) every older link stops working.
 */
export function passwordStamp(passwordHash: string): string {
  return createHash("sha256").update(`password-stamp:${passwordHash}`).digest("hex").slice(0, 32);
}

/** Epoch milliseconds a token issued at `now` stops working. */
export function tokenExpiry(purpose: AccountTokenPurpose, now: number): number {
  return now + TOKEN_LIFETIME_MS[purpose];
}

/** Only an address stored as proved counts (every account is created with its flag set). */
export function emailIsVerified(stored: boolean | undefined): boolean {
  return stored === true;
}

/**
 * What a session's owner sees as its id: derived from the stored hash (never the hash itself, which
 * is the session item's key), stable, and enough to name one of their few sessions.
 */
export function publicSessionId(tokenHash: string): string {
  return createHash("sha256").update(`session-id:${tokenHash}`).digest("hex").slice(0, 24);
}

/**
 * The address a session is shown with: enough for its owner to tell home from elsewhere, not enough to
 * locate anyone (IPv4's last byte, IPv6 beyond its /48 prefix hidden). Stored only in this form.
 */
export function maskAddress(address: string | undefined): string | undefined {
  if (!address || address === "unknown") return undefined;
  if (address.includes(":")) {
    const groups = address.split(":").filter((g) => g.length > 0);
    return `${groups.slice(0, 3).join(":")}:…`;
  }
  const parts = address.split(".");
  if (parts.length !== 4) return undefined;
  return `${parts.slice(0, 3).join(".")}.x`;
}

/** A short, human name for a browser from its User-Agent ("Chrome on Android"). */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent.slice(0, 512);
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /(Chrome|Chromium|HeadlessChrome)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : undefined;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
