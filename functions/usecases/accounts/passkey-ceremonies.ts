/**
 * Passkey ceremonies (WebAuthn, through @simplewebauthn/server): adding one to a signed-in account and
 * signing in with one instead of a password. Only the routes that run one carry the library (routes.ts
 * `webAuthn`). Every ceremony's challenge is stored
 * server-side under an id answered with its options, and used once (docs/architecture.md section 5).
 * Discoverable credentials with user verification: the sign-in needs no username, and a passkey is two
 * factors in one (docs/decisions.md, "Passkeys").
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { PasskeyOptionsView, PasskeyView } from "#shared/schemas/passkeys";
import {
  type ChallengePurpose,
  consumePasskeyChallenge,
  getPasskey,
  listUserPasskeys,
  type PasskeyRecord,
  putPasskey,
  putPasskeyChallenge,
  recordPasskeyUse,
} from "../../adapters/dynamo/passkeys-repo.ts";
import { createSession, type SessionOrigin } from "../../adapters/dynamo/sessions-repo.ts";
import { getUser, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { SITE_NAME } from "../../config/runtime.ts";
import { hashAccountToken, newAccountToken } from "../../domain/accounts.ts";
import { badRequest, conflict, unauthorized } from "../../domain/errors.ts";
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_MS,
  PASSKEY_MESSAGES,
  type RelyingParty,
} from "../../domain/passkeys.ts";
import { queueAccountEmail } from "./account-emails.ts";
import { toPasskeyView } from "./passkeys.ts";
import { verifiedUserWithPassword } from "./password-check.ts";

/** A credential as the browser sent it; the library checks every field it reads. */
type BrowserCredential = Record<string, unknown>;

async function storeChallenge(
  purpose: ChallengePurpose,
  challenge: string,
  now: number,
  userId?: string,
): Promise<string> {
  const challengeId = newAccountToken();
  await putPasskeyChallenge(hashAccountToken(challengeId), {
    purpose,
    challenge,
    ...(userId ? { userId } : {}),
    expiresAtMs: now + PASSKEY_CHALLENGE_MS,
  });
  return challengeId;
}

/**
 * Options for the browser to make a new passkey for this account (its existing ones excluded). Only for
 * a verified address and with the password typed again: the challenge stored here is what the add then
 * answers, so no challenge, no passkey.
 */
export async function passkeyRegistrationOptions(input: {
  userId: string;
  username: string;
  password: string | undefined;
  ip: string;
  rp: RelyingParty;
  now: number;
}): Promise<PasskeyOptionsView> {
  await verifiedUserWithPassword(input);
  const existing = await listUserPasskeys(input.userId);
  if (existing.length >= MAX_PASSKEYS) throw conflict(PASSKEY_MESSAGES.tooMany);
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: input.rp.rpId,
    userName: input.username,
    // The account's id, never its name or address: the authenticator hands it back at sign-in.
    userID: new TextEncoder().encode(input.userId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      ...(p.transports ? { transports: p.transports } : {}),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: PASSKEY_CHALLENGE_MS,
  });
  const challengeId = await storeChallenge("register", options.challenge, input.now, input.userId);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks the browser's new credential against the challenge handed out, and keeps it (the cap is
 * counted in the write itself); the owner is told by email, whoever added it.
 */
export async function addPasskey(input: {
  userId: string;
  challengeId: string;
  credential: BrowserCredential;
  name?: string;
  device: string;
  rp: RelyingParty;
  now: number;
}): Promise<PasskeyView> {
  const stored = await consumePasskeyChallenge(hashAccountToken(input.challengeId), "register", input.now);
  if (!stored || stored.userId !== input.userId) throw badRequest(PASSKEY_MESSAGES.noChallenge);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: stored.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.rpId,
      requireUserVerification: true,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  }
  if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  const { credential } = verification.registrationInfo;
  const record: PasskeyRecord = {
    credentialId: credential.id,
    userId: input.userId,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    ...(credential.transports?.length ? { transports: credential.transports } : {}),
    // Unnamed, it is called after the browser it was added in; the list shows when.
    name: input.name || input.device,
    createdAt: input.now,
  };
  const outcome = await putPasskey(record, MAX_PASSKEYS);
  if (outcome === "duplicate") throw conflict(PASSKEY_MESSAGES.alreadyAdded);
  if (outcome === "full") throw conflict(PASSKEY_MESSAGES.tooMany);
  await queueAccountEmail("passkey_added", input.userId, record.credentialId, input.now, {
    passkeyName: record.name,
    deviceName: input.device,
    happenedAt: input.now,
  });
  return toPasskeyView(record);
}

/** Options for a sign-in: no credential list, so the browser offers whichever passkey of this site it holds. */
export async function passkeySignInOptions(input: {
  rp: RelyingParty;
  now: number;
}): Promise<PasskeyOptionsView> {
  const options = await generateAuthenticationOptions({
    rpID: input.rp.rpId,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_MS,
  });
  const challengeId = await storeChallenge("authenticate", options.challenge, input.now);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * The signed answer to a sign-in challenge makes a session, as a password login does. It counts as a
 * second factor (user verification is required), so no code is asked after it. A used, expired or
 * unknown challenge is 400 (start again); a passkey not registered here or a bad signature is 401.
 */
export async function signInWithPasskey(input: {
  challengeId: string;
  credential: BrowserCredential & { id: string };
  rp: RelyingParty;
  now: number;
  origin: SessionOrigin;
}): Promise<{ user: UserRecord; token: string }> {
  const stored = await consumePasskeyChallenge(
    hashAccountToken(input.challengeId),
    "authenticate",
    input.now,
  );
  if (!stored) throw badRequest(PASSKEY_MESSAGES.noChallenge);
  const passkey = await getPasskey(input.credential.id);
  const user = passkey ? await getUser(passkey.userId) : null;
  if (!passkey || !user || user.deletedAt) throw unauthorized(PASSKEY_MESSAGES.notRecognized);
  const response = input.credential as unknown as AuthenticationResponseJSON;
  // The authenticator names the account it made the passkey for: it must be the one stored with it.
  const handle = response.response?.userHandle;
  if (handle && isoBase64URL.toUTF8String(handle) !== user.id)
    throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    });
  } catch {
    throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  }
  if (!verification.verified) throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  const used = await recordPasskeyUse(passkey, {
    counter: verification.authenticationInfo.newCounter,
    now: input.now,
  });
  if (!used) throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  const { token } = await createSession(user, input.now, input.origin, { secondFactor: true });
  return { user, token };
}
