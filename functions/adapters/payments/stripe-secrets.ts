import { cachedUntilFailure, readSsmParameters } from "../secrets/ssm-parameters.ts";

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/**
 * Stripe's secret key and webhook signing secret, read once per cold start: deployed, from the SSM
 * SecureString parameters named by STRIPE_SECRET_KEY_PARAM / STRIPE_WEBHOOK_SECRET_PARAM; for local
 * experiments, straight from STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET. A failed read is not cached.
 */
export const loadStripeSecrets: () => Promise<StripeSecrets> = cachedUntilFailure(readSecrets);

async function readSecrets(): Promise<StripeSecrets> {
  const env = process.env;
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
  }
  const keyParam = env.STRIPE_SECRET_KEY_PARAM;
  const webhookParam = env.STRIPE_WEBHOOK_SECRET_PARAM;
  if (!keyParam || !webhookParam) {
    throw new Error(
      "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY_PARAM and STRIPE_WEBHOOK_SECRET_PARAM (SSM parameter names) " +
        "or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  const [secretKey, webhookSecret] = await readSsmParameters([keyParam, webhookParam]);
  return { secretKey: secretKey!, webhookSecret: webhookSecret! };
}
