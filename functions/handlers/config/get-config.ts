import { centsToDecimal } from "#shared/money";
import type { AppConfig } from "#shared/schemas/payments";
import { servedRealtimeKeyId } from "../../adapters/dynamo/realtime-api-keys-repo.ts";
import { stripePublishableKey } from "../../adapters/payments/settings.ts";
import { paymentProviderName } from "../../config/payment-provider.ts";
import {
  bidValueCents,
  eventApiEndpoints,
  liveConfig,
  referralBids,
  shipWithinDays,
  supportEmailAddress,
  winLimitConfig,
} from "../../config/runtime.ts";
import { definePublicRoute } from "../../http/route.ts";

/**
 * Which card form the web renders (Stripe Elements or the local test-card form), Stripe's public key,
 * and where live updates come from.
 */
export const route = definePublicRoute({}, async (): Promise<AppConfig> => {
  const paymentProvider = paymentProviderName();
  const publishableKey = stripePublishableKey();
  const endpoints = eventApiEndpoints();
  const apiKey = endpoints ? await servedRealtimeKeyId() : undefined;
  return {
    paymentProvider,
    winLimit: winLimitConfig(),
    bidValue: centsToDecimal(bidValueCents()),
    shipWithinDays: shipWithinDays(),
    referralBids: referralBids(),
    live: liveConfig(endpoints, apiKey),
    supportEmail: supportEmailAddress(),
    ...(paymentProvider === "stripe" && publishableKey ? { stripePublishableKey: publishableKey } : {}),
  };
});
