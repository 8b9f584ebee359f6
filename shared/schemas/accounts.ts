/**
 * Account recovery and control: verification and reset links, sessions, email change, export and
 * deletion (docs/product.md, "Your account").
 */
import * as z from "./zod.ts";

/** The secret of a link, as the web page read it from `?token=`: 43 base64url characters. */
const token = z
  .string(z.typeMessages("token must be a string", "token is required"))
  .check(z.trim(), z.minLength(1, "token is required"), z.maxLength(200, "token is too long"));

const newPassword = z
  .string(z.typeMessages("newPassword must be a string", "newPassword is required"))
  .check(z.minLength(8, "Password must be at least 8 characters"), z.maxLength(200));

const email = z
  .string(z.typeMessages("email must be a string", "email is required"))
  .check(z.trim(), z.emailAddress("Invalid email address"), z.maxLength(254));

const password = z
  .string(z.typeMessages("password must be a string", "password is required"))
  .check(z.minLength(1, "Password is required"), z.maxLength(200));

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.strictObject({ token });

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.strictObject({ email });

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.strictObject({ token, newPassword });

/** The reset form: the new password twice, checked on the confirmation's field like registration's. */
export const resetPasswordFormSchema = z.object({ newPassword, confirmPassword: z.string() }).check(
  z.refine((form) => form.newPassword === form.confirmPassword, {
    error: "Passwords don't match",
    path: ["confirmPassword"],
  }),
);

/** PUT /api/me/email */
export const changeEmailSchema = z.strictObject({ email, password });

/** DELETE /api/me */
export const deleteAccountSchema = z.strictObject({ password });

/**
 * POST /api/me/passkeys/options, POST /api/me/two-factor/setup: the current password again. Missing is
 * refused like a wrong one (403 "Password is incorrect"), not as malformed input.
 */
export const currentPasswordSchema = z.strictObject({
  password: z.optional(z.string("password must be a string").check(z.maxLength(200))),
});

/** The web's form for those two: the password, required before it is sent. */
export const currentPasswordFormSchema = z.object({ password });

/** An authenticator app's 6 digits, or a recovery code (xxxxx-xxxxx). */
const code = z
  .string(z.typeMessages("code must be a string", "code is required"))
  .check(z.trim(), z.minLength(1, "Enter the code"), z.maxLength(20, "code is too long"));

/** POST /api/auth/login/two-factor, POST /api/me/two-factor/confirm */
export const twoFactorCodeSchema = z.strictObject({ code });

/** DELETE /api/me/two-factor */
export const disableTwoFactorSchema = z.strictObject({ password, code });

/** GET /api/me/two-factor */
export interface TwoFactorStatusView {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** This stage requires it of staff, and the caller is staff. */
  required: boolean;
}

/** POST /api/me/two-factor/setup: the secret, this once, for the app (and the QR code of its URI). */
export interface TwoFactorSetupView {
  secret: string;
  otpauthUri: string;
}

/** DELETE /api/me/sessions/{id} */
export const sessionIdParamsSchema = z.object({
  id: z.string().check(z.trim(), z.regex(/^[0-9a-f]{24}$/, "Invalid session id")),
});

/** One of the caller's sessions, as GET /api/me/sessions lists them (newest use first). */
export interface SessionView {
  id: string;
  /** The session this request came with. */
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  /** The address it signed in from, masked (203.0.113.x); null for sessions older than the record. */
  maskedAddress: string | null;
}
