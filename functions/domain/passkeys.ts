/**
 * Passkeys (WebAuthn): sign-in with a key the user's device keeps, no password typed. The rules the
 * routes share; the ceremony itself is @simplewebauthn/server's (usecases/accounts/passkeys.ts).
 * Pure: time comes in as `now`.
 */

/** Between asking for a passkey and the browser's answer: long enough for a fingerprint or a PIN. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

/** More than anyone keeps (a phone, a laptop, a hardware key or two), few enough to list in one page. */
export const MAX_PASSKEYS = 10;

export const PASSKEY_MESSAGES = {
  noChallenge: "This passkey request expired or was already used. Please try again.",
  registrationFailed: "The new passkey could not be checked. Please try again.",
  alreadyAdded: "This passkey is already added to your account.",
  tooMany: `You can keep at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
  notFound: "Passkey not found",
  notRecognized:
    "That passkey is not registered here. Sign in with your password, then add the passkey in your account's security settings.",
  signInFailed: "The passkey could not be verified. Please try again or sign in with your password.",
} as const;

/** The site the browser is on, as WebAuthn names it: its origin and its relying party id (the hostname). */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

/**
 * The relying party of a request: the origin the browser says it is on when that is one of the site's
 * own (locally both localhost and 127.0.0.1 serve it; in AWS the domain and CloudFront's), else the
 * site's first. A passkey is bound to the hostname it was made on, so one made on one of them works there.
 */
export function relyingParty(
  requestOrigin: string | undefined,
  siteOrigins: readonly string[],
): RelyingParty {
  const origin =
    requestOrigin && siteOrigins.includes(requestOrigin) ? requestOrigin : (siteOrigins[0] ?? "");
  return { origin, rpId: new URL(origin).hostname };
}
