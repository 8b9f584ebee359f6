import { accountFields } from "./account-fields.ts";
import * as z from "./zod.ts";

/** Used by the login form and by POST /api/auth/login; messages are docs/product.md section 5's. */
export const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(3, "Username or email is required"), z.maxLength(254)),
  password: z.string().check(z.minLength(6, "Password must be at least 6 characters"), z.maxLength(200)),
});
export type LoginRequest = z.infer<typeof loginSchema>;

const registerFields = {
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, "Username must be at least 3 characters"),
      z.maxLength(20, "Username must be at most 20 characters"),
      z.regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, digits, dots, dashes and underscores"),
    ),
  email: z.string().check(z.trim(), z.emailAddress("Invalid email address"), z.maxLength(254)),
  password: z.string().check(z.minLength(8, "Password must be at least 8 characters"), z.maxLength(200)),
  role: z._default(z.enum(["buyer", "seller"]), "buyer"),
  /** A seller's application names the business (the admin reviews it); without it, the username. */
  businessName: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(100, "Business name must be at most 100 characters"),
        z.singleLine("Business name"),
      ),
  ),
};

/** POST /api/auth/change-password: the current password proves it is the account's owner at the keyboard. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().check(z.minLength(1, "Current password is required"), z.maxLength(200)),
  newPassword: registerFields.password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** The change-password dialog: adds the confirmation, checked on its own field like registration's. */
export const changePasswordFormSchema = z
  .object({ ...changePasswordSchema.shape, confirmPassword: z.string() })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      error: "Passwords don't match",
      path: ["confirmPassword"],
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const ACCEPT_TERMS_MESSAGE =
  "acceptTerms must be true: confirm you are 18 or older and accept the Terms and the Auction Rules";

/**
 * POST /api/auth/register body: the confirmation is never sent. `acceptTerms` is optional so API clients
 * written against the original contract still register; when sent it must be true.
 */
/** The code of the invitation link the register page was opened with; an unknown one is ignored. */
const referralCode = z.optional(
  z.string().check(z.maxLength(64, "referralCode must be at most 64 characters")),
);

export const registerSchema = z.strictObject({
  ...registerFields,
  acceptTerms: z.optional(z.literal(true, ACCEPT_TERMS_MESSAGE)),
  referralCode,
});
export type RegisterRequest = z.infer<typeof registerSchema>;

/** The register form: adds the confirmation, checked on its own field. */
export const registerFormSchema = z
  .object({
    ...registerFields,
    confirmPassword: z.string(),
    referralCode,
    // A refinement, not a literal: a literal's miss would stop the password and business checks from running.
    acceptTerms: z
      .boolean()
      .check(
        z.refine(
          (accepted) => accepted,
          "Confirm you are 18 or older and accept the Terms and the Auction Rules",
        ),
      ),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      error: "Passwords don't match",
      path: ["confirmPassword"],
    }),
    z.refine((form) => form.role !== "seller" || Boolean(form.businessName), {
      error: "Business name is required for a seller account",
      path: ["businessName"],
    }),
  );
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** GET /api/auth/me and the body of a successful login or registration. */
export const currentUserSchema = z.object({
  ...accountFields,
  /** A seller's own seller profile: how the auction page knows "Your Product" without user ids in public payloads. */
  sellerId: z.optional(z.string()),
  /** Whether the address is proved (notifications go only to a verified one); true on accounts older than the check. */
  emailVerified: z.boolean(),
  /** An address the user asked to move to, not yet verified. */
  pendingEmail: z.optional(z.string()),
  /** The free part of `bidBalance` (voucher bids from invitations); absent when none. */
  voucherBids: z.optional(z.number().check(z.integer())),
  /** Staff on a stage that requires two-factor, in a session that has not proved it: only enrolment is open. */
  twoFactorSetupRequired: z.optional(z.boolean()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
