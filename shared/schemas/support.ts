/** Messages to the people who run the site (the Contact Us form) and the admin's Support tab. */
import * as z from "./zod.ts";

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

const email = z
  .string(z.typeMessages("email must be a string", "Email is required"))
  .check(
    z.trim(),
    z.minLength(1, "Email is required"),
    z.emailAddress("Enter a valid email address"),
    z.maxLength(254, "Email must be at most 254 characters"),
  );

const subject = z
  .string(z.typeMessages("subject must be a string", "Subject is required"))
  .check(
    z.trim(),
    z.minLength(1, "Subject is required"),
    z.maxLength(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
    z.singleLine("Subject"),
  );

const message = z
  .string(z.typeMessages("message must be a string", "Message is required"))
  .check(
    z.trim(),
    z.minLength(SUPPORT_MESSAGE_MIN, `Message must be at least ${SUPPORT_MESSAGE_MIN} characters`),
    z.maxLength(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
  );

/** An order number as My Orders shows it; empty means none (the form's field left blank). */
const orderId = z.optional(
  z
    .string(z.typeMessages("orderId must be a string"))
    .check(
      z.trim(),
      z.maxLength(100, "Order number must be at most 100 characters"),
      z.regex(/^[A-Za-z0-9_-]*$/, "Order number may hold only letters, digits, - and _"),
    ),
);

/** POST /api/support/messages */
export const supportMessageSchema = z.strictObject({ email, subject, message, orderId });
export type SupportMessageRequest = z.infer<typeof supportMessageSchema>;

export const SUPPORT_MESSAGE_STATUSES = ["open", "answered"] as const;

/** One message as the admin's Support tab lists it (newest first). */
export const supportMessageViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  orderId: z.nullable(z.string()),
  /** The account that sent it, when signed in. */
  userId: z.nullable(z.string()),
  username: z.nullable(z.string()),
  status: z.enum(SUPPORT_MESSAGE_STATUSES),
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
});
export type SupportMessageView = z.infer<typeof supportMessageViewSchema>;

/** POST /api/support/messages answers 201 with this. */
export interface SupportMessageReceipt {
  id: string;
  message: string;
}
