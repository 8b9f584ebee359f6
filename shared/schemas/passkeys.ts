/**
 * Passkeys (WebAuthn): adding one to an account, listing and removing them, and signing in with one
 * (docs/product.md, "Your account"; docs/architecture.md section 5, "Passkeys").
 */
import * as z from "./zod.ts";

/** base64url as WebAuthn's JSON writes binary; a credential id is at most 1023 bytes. */
const base64url = (field: string, max: number) =>
  z
    .string(z.typeMessages(`${field} must be a string`, `${field} is required`))
    .check(
      z.minLength(1, `${field} is required`),
      z.maxLength(max, `${field} is too long`),
      z.regex(/^[A-Za-z0-9_-]+$/, `${field} must be base64url`),
    );

const credentialId = base64url("id", 1400);

/** What the browser's navigator.credentials answered, as @simplewebauthn/browser serializes it; the library checks the rest. */
const credential = z.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", "type must be 'public-key'"),
  response: z.looseObject({ clientDataJSON: base64url("clientDataJSON", 4000) }),
});

/** The id a request's options came with: which stored challenge the answer is checked against. */
const challengeId = z
  .string(z.typeMessages("challengeId must be a string", "challengeId is required"))
  .check(z.minLength(1, "challengeId is required"), z.maxLength(100, "challengeId is too long"));

/** POST /api/me/passkeys */
export const addPasskeySchema = z.strictObject({
  challengeId,
  credential,
  name: z.optional(
    z.string("name must be a string").check(z.trim(), z.maxLength(60, "name is at most 60 characters")),
  ),
});

/** POST /api/auth/passkey */
export const passkeySignInSchema = z.strictObject({ challengeId, credential });

/** DELETE /api/me/passkeys/{id} */
export const passkeyIdParamsSchema = z.object({ id: credentialId });

/**
 * POST /api/me/passkeys/options and POST /api/auth/passkey/options: what the browser's WebAuthn call
 * takes (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON), and the id to send back with its answer.
 */
export interface PasskeyOptionsView {
  challengeId: string;
  options: Record<string, unknown>;
}

/** One of the caller's passkeys, as GET /api/me/passkeys lists them (newest first). */
export interface PasskeyView {
  /** The credential id (base64url). */
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
