import type { CurrentUser } from "#shared/schemas/auth";

/** The signed-in user of the web's hook tests: a buyer with 3 bid credits. */
export const SIGNED_IN_BUYER = {
  id: "u1",
  username: "ann",
  email: "ann@example.com",
  role: "buyer",
  bidBalance: 3,
} as CurrentUser;
