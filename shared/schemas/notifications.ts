import { z } from "zod";

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
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** GET /api/me/notifications, and the body of PUT /api/me/notifications (all three, replaced together). */
export const notificationSettingsSchema = z
  .object({
    outbid: z.boolean({
      required_error: "outbid is required",
      invalid_type_error: "outbid must be true or false",
    }),
    won: z.boolean({ required_error: "won is required", invalid_type_error: "won must be true or false" }),
    marketing: z.boolean({
      required_error: "marketing is required",
      invalid_type_error: "marketing must be true or false",
    }),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** GET /api/dev/outbox?to=<address> (local stack only). */
export const outboxQuerySchema = z
  .object({ to: z.string().trim().email("to must be an email address").max(254) })
  .strict();

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
  key: z.string().min(1).max(500),
  kind: z.enum(EMAIL_KINDS),
  recipient: z.union([z.object({ userId: z.string().min(1) }), z.object({ sellerId: z.string().min(1) })]),
  at: z.number().int(),
  data: z.object({
    auctionId: z.string().optional(),
    productName: z.string().optional(),
    priceCents: z.number().optional(),
    bidCount: z.number().optional(),
    amountCents: z.number().optional(),
    orderId: z.string().optional(),
    trackingNumber: z.string().optional(),
    businessName: z.string().optional(),
  }),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;
export type EmailData = EmailEvent["data"];
