import * as z from "./zod.ts";

/** Every email the product sends (docs/product.md section 2, Emails). */
export const EMAIL_KINDS = [
  "welcome",
  "outbid",
  "won",
  "bids_purchased",
  "order_paid",
  "shipped",
  "seller_approved",
  "seller_rejected",
  "product_approved",
  "product_rejected",
  "verify_email",
  "password_reset",
  "password_changed",
  "email_change_requested",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** GET /api/me/notifications, and the body of PUT /api/me/notifications (all three, replaced together). */
export const notificationSettingsSchema = z.strictObject({
  outbid: z.boolean(z.typeMessages("outbid must be true or false", "outbid is required")),
  won: z.boolean(z.typeMessages("won must be true or false", "won is required")),
  marketing: z.boolean(z.typeMessages("marketing must be true or false", "marketing is required")),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

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
    /** An account link's secret (verify_email, password_reset); only its hash is in the table. */
    token: z.optional(z.string()),
    /** Where to send instead of the account's address: a new address to verify. */
    toAddress: z.optional(z.string()),
    /** The address the account asked to move to (told to the old one). */
    newEmail: z.optional(z.string()),
  }),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;
export type EmailData = EmailEvent["data"];
