/**
 * A software passkey authenticator for tests: an ES256 key made with node:crypto, "none" attestation
 * and CBOR from @simplewebauthn/server's helpers. It answers WebAuthn options (as the API hands them
 * out) with the JSON @simplewebauthn/browser would send, so the server's real verification runs.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function counterBytes(counter: number) {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

export interface SoftAuthenticatorOptions {
  /** The page's origin, e.g. http://localhost:5173 (its hostname must be the relying party id). */
  origin: string;
  /** Whether it says the user was verified (a fingerprint, a PIN). */
  userVerified?: boolean;
}

export function softAuthenticator({ origin, userVerified = true }: SoftAuthenticatorOptions) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  const id = b64(credentialId);
  let counter = 0;
  let userHandle = "";
  const flags = (extra = 0) => UP | (userVerified ? UV : 0) | extra;
  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    id,
    /** The answer to registration options (POST /api/me/passkeys/options' `options`). */
    register(options: Record<string, unknown>, override: { challenge?: string; origin?: string } = {}) {
      const rp = options.rp as { id: string };
      userHandle = (options.user as { id: string }).id;
      const cose = new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rp.id),
        Buffer.from([flags(AT)]),
        counterBytes(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map<string, Cbor>()],
          ["authData", authData],
        ]),
      );
      const challenge = override.challenge ?? (options.challenge as string);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64(clientData("webauthn.create", challenge, override.origin)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** The answer to sign-in options (POST /api/auth/passkey/options' `options`). */
    assert(options: Record<string, unknown>, override: { challenge?: string; rpId?: string } = {}) {
      counter += 1;
      const authData = Buffer.concat([
        sha256(override.rpId ?? (options.rpId as string)),
        Buffer.from([flags()]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData("webauthn.get", override.challenge ?? (options.challenge as string));
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
