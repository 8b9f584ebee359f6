import { cachedUntilFailure, readSsmParameters } from "../secrets/ssm-parameters.ts";

/** The application server's VAPID key pair (base64url, as web-push makes them) and its contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL push services may contact about this sender. */
  subject: string;
}

/**
 * The VAPID keys, read once per cold start like Stripe's secrets: deployed, from the SSM parameters
 * named by VAPID_PUBLIC_KEY_PARAM (String) and VAPID_PRIVATE_KEY_PARAM (SecureString), made by
 * `npm run create:vapid-keys` (docs/deploy.md); on the local stack, from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, which scripts/local/vapid-keys.ts generates once.
 */
export const loadVapidKeys: () => Promise<VapidKeys> = cachedUntilFailure(async () => {
  const env = process.env;
  const subject = env.VAPID_SUBJECT || "mailto:push@example.com";
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const [publicKey, privateKey] = await readSsmParameters([
    parameterName("VAPID_PUBLIC_KEY_PARAM"),
    parameterName("VAPID_PRIVATE_KEY_PARAM"),
  ]);
  return { publicKey: publicKey!, privateKey: privateKey!, subject };
});

/** The public key alone, for the route the browser subscribes with: it never reads the private one. */
export const loadVapidPublicKey: () => Promise<string> = cachedUntilFailure(async () => {
  if (process.env.VAPID_PUBLIC_KEY) return process.env.VAPID_PUBLIC_KEY;
  const [publicKey] = await readSsmParameters([parameterName("VAPID_PUBLIC_KEY_PARAM")]);
  return publicKey!;
});

function parameterName(variable: "VAPID_PUBLIC_KEY_PARAM" | "VAPID_PRIVATE_KEY_PARAM"): string {
  const name = process.env[variable];
  if (!name) {
    throw new Error(
      `Web Push needs ${variable} (an SSM parameter name) or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`,
    );
  }
  return name;
}
