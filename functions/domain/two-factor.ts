/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps,
 * one step of clock drift either way) and its single-use recovery codes. Pure: time comes in as `now`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is still taken from: a phone clock a little off still signs in. */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Between the right password and the code: long enough to open the app, short enough to be useless if stolen. */
export const PENDING_LOGIN_MS = 5 * 60 * 1000;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Check your authenticator app's clock and try again.",
  noPendingLogin: "Your sign-in expired. Please enter your username and password again.",
  noSetup: "Start the setup again: no two-factor setup is waiting for a code",
  alreadyEnabled: "Two-factor authentication is already on",
  notEnabled: "Two-factor authentication is not on",
  staffMustEnrol:
    "Staff accounts must use two-factor authentication. Set it up under Account → Passkeys and two-factor (/account/two-factor), or sign in again with your code or a passkey.",
  staffMustKeep: "Staff accounts must keep two-factor authentication on",
} as const;

/** What a 403 of an admin route says besides its message when the admin has yet to enrol. */
export const TWO_FACTOR_REQUIRED_CODE = "two_factor_required";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Invalid base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends, as base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226's HOTP of a raw key at a counter: dynamic truncation of HMAC-SHA-1, `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

/** The code an app shows for a base32 secret at `now`. */
export function totpCode(secret: string, now: number): string {
  return hotp(base32Decode(secret), totpStep(now));
}

/**
 * The step a typed code belongs to, within the drift window around `now`, or null. A code of a step
 * at or before `usedStep` is refused: a code seen over a shoulder cannot be replayed in its 30 seconds.
 */
export function matchTotp(secret: string, code: string, now: number, usedStep = -1): number | null {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) return null;
  const key = base32Decode(secret);
  const current = totpStep(now);
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (step <= usedStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(typed))) return step;
  }
  return null;
}

/** What the QR code carries (Google Authenticator's Key Uri Format). */
export function otpauthUri(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** Ten codes of 10 base32 characters (50 bits each), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** What is stored of a recovery code: random enough that a fast hash is safe, and never the code. */
export function hashRecoveryCode(code: string): string {
  const normal = code.replace(/[\s-]/g, "").toLowerCase();
  return createHash("sha256").update(`recovery-code:${normal}`).digest("hex");
}

/** Whether what was typed looks like a recovery code rather than an app code. */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(code.trim());
}

/**
 * Whether an admin's session may use admin routes: where the stage requires a second factor for staff,
 * only a session that proved one (signed in with a code, or enrolled in it).
 */
export function staffSessionAllowed(input: {
  role: string;
  required: boolean;
  sessionHasSecondFactor: boolean;
}): boolean {
  return input.role !== "admin" || !input.required || input.sessionHasSecondFactor;
}
