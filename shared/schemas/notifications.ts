import * as z from "./zod.ts";

/**
 * Emails about the account itself and receipts: they always go, verified address or not (a
 * verification or reset link must reach an unproved address). Every other kind is a notification
 * (functions/domain/notifications.ts userWantsEmail).
 */
export const ACCOUNT_AND_RECEIPT_EMAIL_KINDS = [
  "welcome",
  "bids_purchased",
  "order_paid",
  "shipped",
  "seller_approved",
  "seller_rejected",
  "product_approved",
  "product_rejected",
  "payment_reminder",
  "payment_expired",
  "sale_expired",
  "ship_by_reminder",
  "sale_cancelled",
  "verify_email",
  "password_reset",
  "password_changed",
  "email_change_requested",
  "passkey_added",
  "two_factor_enabled",
  "referral_rewarded",
] as const;

/**
 * Every email the product sends (docs/product.md section 2, Emails): the notifications, then the rest,
 * then the ones to the stage's support address (a Contact Us message; a buyer's cancel of a late
 * order, the admin's copy of the seller's `sale_cancelled`), never to a user.
 */
export const EMAIL_KINDS = [
  "outbid",
  "won",
  "ending_soon",
  ...ACCOUNT_AND_RECEIPT_EMAIL_KINDS,
  "support_message",
  "late_order_cancelled",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Minutes before the end an ending-soon alert goes when the user never chose. */
export const DEFAULT_ENDING_SOON_MINUTES = 5;

/** The most minutes ahead an ending-soon alert may be asked for (the alert sweep looks this far ahead). */
export const MAX_ENDING_SOON_MINUTES = 60;

const ENDING_SOON_MINUTES_MESSAGE = `endingSoonMinutes must be a whole number from 1 to ${MAX_ENDING_SOON_MINUTES}`;

const flag = (name: string) =>
  z.boolean(z.typeMessages(`${name} must be true or false`, `${name} is required`));

export const pushSettingsSchema = z.strictObject({
  outbid: flag("push.outbid"),
  won: flag("push.won"),
  endingSoon: flag("push.endingSoon"),
});

/**
 * GET /api/me/notifications (every choice), and the body of PUT /api/me/notifications: `outbid`,
 * `won` and `marketing` are always sent; the alert choices may be left out, keeping what was chosen.
 * The booleans at the top are emails; `push` is Web Push.
 */
export const notificationSettingsSchema = z.strictObject({
  outbid: flag("outbid"),
  won: flag("won"),
  marketing: flag("marketing"),
  endingSoon: z.optional(flag("endingSoon")),
  /** Ending-soon alerts also for the auctions the user bids on, not only those they watch (default off). */
  alertsForBidAuctions: z.optional(flag("alertsForBidAuctions")),
  push: z.optional(pushSettingsSchema),
  endingSoonMinutes: z.optional(
    z
      .number(z.typeMessages(ENDING_SOON_MINUTES_MESSAGE))
      .check(
        z.integer(ENDING_SOON_MINUTES_MESSAGE),
        z.minimum(1, ENDING_SOON_MINUTES_MESSAGE),
        z.maximum(MAX_ENDING_SOON_MINUTES, ENDING_SOON_MINUTES_MESSAGE),
      ),
  ),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsSchema>;
/** Every choice, as GET /api/me/notifications answers it. */
export type NotificationSettings = Required<NotificationSettingsUpdate>;

/** GET /api/dev/outbox?to=<address> (local stack only). */
export const outboxQuerySchema = z.strictObject({
  to: z.string().check(z.trim(), z.emailAddress("to must be an email address"), z.maxLength(254)),
});

/** One stored email of the local outbox, as the dev route lists it (newest first). */
export const outboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.enum(EMAIL_KINDS),
  sentAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

/** One email event as the stream consumer queues it for the sender (functions/domain/notifications.ts makes them). */
export const emailEventSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(500)),
  kind: z.enum(EMAIL_KINDS),
  recipient: z.union([
    z.object({ userId: z.string().check(z.minLength(1)) }),
    z.object({ sellerId: z.string().check(z.minLength(1)) }),
    /**
     * A password reset asked for an address (functions/usecases/accounts/reset-requests.ts): the sender
     * finds whichever account holds it, if any, and issues its link then, so the request does the same
     * work for a known address as for an unknown one. A Contact Us message goes to the stage's
     * support address this way (functions/usecases/support/support-messages.ts).
     */
    z.object({ address: z.string().check(z.minLength(1), z.maxLength(320)) }),
  ]),
  at: z.number().check(z.integer()),
  data: z.object({
    auctionId: z.optional(z.string()),
    productName: z.optional(z.string()),
    priceCents: z.optional(z.number()),
    bidCount: z.optional(z.number()),
    amountCents: z.optional(z.number()),
    orderId: z.optional(z.string()),
    trackingNumber: z.optional(z.string()),
    businessName: z.optional(z.string()),
    /** An ending-soon alert: the user's threshold it crossed. */
    minutesLeft: z.optional(z.number()),
    /** A payment deadline (ms epoch), and which order it is of (a Buy It Now order pays on its checkout). */
    payBy: z.optional(z.number()),
    buyNow: z.optional(z.boolean()),
    /** sale_expired: the winner gave the win up for their bids rather than letting the deadline pass. */
    exchanged: z.optional(z.boolean()),
    /** The moment a paid order must be marked shipped by (ms epoch). */
    shipBy: z.optional(z.number()),
    /** An account link's secret (verify_email, password_reset); only its hash is in the table. */
    token: z.optional(z.string()),
    /** Where to send instead of the account's address: a new address to verify. */
    toAddress: z.optional(z.string()),
    /** The address the account asked to move to (told to the old one). */
    newEmail: z.optional(z.string()),
    /** passkey_added, two_factor_enabled: the browser it was done in, and when (ms epoch). */
    deviceName: z.optional(z.string()),
    happenedAt: z.optional(z.number()),
    /** passkey_added: the new passkey's name. */
    passkeyName: z.optional(z.string()),
    /** password_changed: the passkeys the reset removed. */
    removedPasskeys: z.optional(z.array(z.string())),
    /** support_message: the stored message, who wrote it, its subject and its text line by line. */
    supportMessageId: z.optional(z.string()),
    fromEmail: z.optional(z.string()),
    fromUsername: z.optional(z.string()),
    supportSubject: z.optional(z.string()),
    supportLines: z.optional(z.array(z.string())),
  }),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;
export type EmailData = EmailEvent["data"];
