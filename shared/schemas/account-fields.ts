import { ROLES } from "../constants.ts";
import * as z from "./zod.ts";

/**
 * Who an account is and its credit, as the user (GET /api/auth/me) and the admin's user list both show
 * it. A module of its own, so the admin schemas do not pull the sign-in forms' rules into a bundle.
 */
export const accountFields = {
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  bidBalance: z.number().check(z.integer()),
};
