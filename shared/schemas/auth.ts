import { z } from "zod";
import { ROLES } from "../constants.ts";

/** Used by the login form and by POST /api/auth/login; messages are docs/product.md section 5's. */
export const loginSchema = z.object({
  username: z.string().trim().min(3, "Username or email is required").max(254),
  password: z.string().min(6, "Password must be at least 6 characters").max(200),
});
export type LoginRequest = z.infer<typeof loginSchema>;

const registerFields = {
  username: z
    .string()
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(20, "Username must be at most 20 characters")
    .regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, digits, dots, dashes and underscores"),
  email: z.string().trim().email("Invalid email address").max(254),
  password: z.string().min(8, "Password must be at least 8 characters").max(200),
  role: z.enum(["buyer", "seller"]).default("buyer"),
};

/** POST /api/auth/change-password: the current password proves it is the account's owner at the keyboard. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required").max(200),
    newPassword: registerFields.password,
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** The change-password dialog: adds the confirmation, checked on its own field like registration's. */
export const changePasswordFormSchema = z
  .object({ ...changePasswordSchema.shape, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /api/auth/register body: the confirmation is never sent. */
export const registerSchema = z.object(registerFields).strict();
export type RegisterRequest = z.infer<typeof registerSchema>;

/** The register form: adds the confirmation, checked on its own field. */
export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** GET /api/auth/me and the body of a successful login or registration. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  bidBalance: z.number().int(),
  /** A seller's own seller profile: how the auction page knows "Your Product" without user ids in public payloads. */
  sellerId: z.string().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
