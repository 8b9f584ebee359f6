/**
 * The local payment provider as the benchmarks drive it: an intent paid at the provider (as Stripe.js
 * would confirm it), its succeeded webhook signed, and the webhook delivered to the real route. Import
 * it dynamically after startBenchTable, like the handlers, so it reads the bench table's environment.
 */
import { markLocalPaymentIntentSucceeded } from "../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway, localWebhookSecret } from "../../functions/adapters/payments/index.ts";
import { signWebhook, succeededEvent } from "../../functions/adapters/payments/local-gateway.ts";
import { invokeRoute } from "../local/invoke-route.ts";

/** Marks the intent paid at the provider and answers its payment_intent.succeeded webhook, signed. */
export async function paidWebhook(paymentIntentId: string) {
  await markLocalPaymentIntentSucceeded(paymentIntentId);
  const intent = (await localPaymentGateway().retrievePaymentIntent(paymentIntentId))!;
  const now = Date.now();
  return signWebhook(succeededEvent(intent, now), localWebhookSecret(), now);
}

export const deliverWebhook = (w: { payload: string; signatureHeader: string }) =>
  invokeRoute({
    method: "POST",
    path: "/api/stripe/webhook",
    body: w.payload,
    headers: { "stripe-signature": w.signatureHeader },
  });
