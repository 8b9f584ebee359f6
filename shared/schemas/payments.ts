import * as z from "./zod.ts";

/** A price over the API: a decimal string with exactly 2 places ("12.34"). */
const decimalPrice = z.string().check(z.regex(/^\d+\.\d{2}$/, "Expected a price like 12.34"));

/** GET /api/bid-packages: one package as the web shows it. */
export const bidPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  bidCount: z.number().check(z.integer(), z.positive()),
  price: decimalPrice,
  /** Percent saved against the smallest package, shown as "Save N%" when above 0. */
  savings: z.number().check(z.integer(), z.minimum(0), z.maximum(100)),
  popular: z.boolean(),
});
export type BidPackage = z.infer<typeof bidPackageSchema>;

/** POST /api/create-payment-intent. Only the package is chosen by the client; amount and bids are the server's. */
export const createPaymentIntentRequestSchema = z.object({
  packageId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const PAYMENT_PROVIDERS = ["local", "stripe"] as const;

/** GET /api/config: which card form the web renders, and Stripe's publishable key when Stripe is active. */
export const appConfigSchema = z.object({
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  stripePublishableKey: z.optional(z.string()),
  /** The published win limit: at most `wins` auctions won in any `days` days. */
  winLimit: z.object({ wins: z.number().check(z.integer()), days: z.number().check(z.integer()) }),
  /** The credit one bid earns toward Buy It Now ("0.60"), per stage. */
  bidValue: z.string(),
  /** Days a seller has to mark a paid order shipped (the ship-by guarantee), per stage. */
  shipWithinDays: z.number().check(z.integer()),
  /** Where Contact Us messages go, shown on the Contact Us page (a stage setting). */
  supportEmail: z.string(),
  /** The free bids the inviter and the invited each get when an invitation is rewarded, per stage. */
  referralBids: z.number().check(z.integer()),
  /** Where live updates come from: the AppSync Event API (subscribe with the public key) or the WebSocket API. */
  live: z.discriminatedUnion("transport", [
    z.object({
      transport: z.literal("events"),
      httpEndpoint: z.string(),
      realtimeEndpoint: z.string(),
      apiKey: z.string(),
      channelPrefix: z.string(),
    }),
    z.object({ transport: z.literal("websocket"), url: z.string() }),
  ]),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Path parameter of the payment routes: a Stripe (pi_...) or local (pi_local_...) PaymentIntent id. */
export const paymentIntentParamsSchema = z.object({
  paymentIntentId: z.string().check(
    z.regex(/^pi_[A-Za-z0-9_]{1,200}$/, "Invalid payment intent id"),
    z.refine((id) => !id.includes("_secret_"), "Invalid payment intent id"),
  ),
});

/** Stripe's PaymentIntent statuses (the local provider uses the same words). */
export const PAYMENT_INTENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** POST /api/payments/{paymentIntentId}/verify: credits a succeeded purchase (once) and reports the balance. */
export const verifyPaymentResponseSchema = z.object({
  status: z.enum(PAYMENT_INTENT_STATUSES),
  bidBalance: z.number().check(z.integer()),
  paymentIntentId: z.string(),
  /** Bids this purchase added (whether now or by an earlier webhook), when it succeeded. */
  bidCount: z.optional(z.number().check(z.integer())),
  /** Set when the payment was refunded instead of credited (a limit, or self-exclusion): why. */
  refusal: z.optional(z.string()),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** POST /api/dev/payments/{paymentIntentId}/confirm: the local provider's test-card form. */
export const localConfirmRequestSchema = z.object({
  cardNumber: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Card number is required"),
      z.maxLength(40),
      z.regex(/^[\d\s-]+$/, "Your card number is invalid."),
    ),
});
export type LocalConfirmRequest = z.infer<typeof localConfirmRequestSchema>;

export const localConfirmResponseSchema = z.object({
  status: z.enum(PAYMENT_INTENT_STATUSES),
  paymentIntentId: z.string(),
});
export type LocalConfirmResponse = z.infer<typeof localConfirmResponseSchema>;
