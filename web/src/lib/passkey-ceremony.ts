import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { api } from "@web/lib/api-client.ts";
import type { PasskeyOptionsView } from "#shared/schemas/passkeys";

/** Where each ceremony asks for its options and sends the browser's answer. */
const CEREMONY_PATHS = {
  add: { options: "/api/me/passkeys/options", answer: "/api/me/passkeys" },
  signIn: { options: "/api/auth/passkey/options", answer: "/api/auth/passkey" },
} as const;

/**
 * A passkey ceremony, adding one to the account (its options need the current password) or signing
 * in with one: the server's options, the browser's own passkey prompt (fingerprint, face, PIN), then
 * its answer back, whose reply this returns. @simplewebauthn/browser loads only here, on the click,
 * so no page's first load carries it.
 */
export async function passkeyCeremony<TReply>(
  kind: keyof typeof CEREMONY_PATHS,
  optionsBody?: { password: string },
): Promise<TReply> {
  const paths = CEREMONY_PATHS[kind];
  const { challengeId, options } = await api.post<PasskeyOptionsView>(paths.options, optionsBody);
  const browser = await import("@simplewebauthn/browser");
  const credential =
    kind === "add"
      ? await browser.startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        })
      : await browser.startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
  return api.post<TReply>(paths.answer, { challengeId, credential });
}
