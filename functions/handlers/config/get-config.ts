import { centsToDecimal } from "#shared/money";
import type { AppConfig } from "#shared/schemas/payments";
import { stripePublishableKey } from "../../adapters/payments/settings.ts";
import { paymentProviderName } from "../../config/payment-provider.ts";
import { bidValueCents, liveConfig, referralBids, winLimitConfig } from "../../config/runtime.ts";
import { definePublicRoute } from "../../http/route.ts";

/**
 * Which card form the web renders (Stripe Elements or the local test-card form), Stripe's public key,
 * and where live updates come from.
 */
export const route = definePublicRoute({}, async (): Promise<AppConfig> => {
  const paymentProvider = paymentProviderName();
  const publishableKey = stripePublishableKey();
  return {
    paymentProvider,
    winLimit: winLimitConfig(),
    bidValue: centsToDecimal(bidValueCents()),
    referralBids: referralBids(),
    live: liveConfig(),
    ...(paymentProvider === "stripe" && publishableKey ? { stripePublishableKey: publishableKey } : {}),
  };
});
