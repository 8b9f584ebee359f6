import * as z from "./zod.ts";

/** GET /api/me/referral: the account's invitation code, the link that carries it, and how far it went. */
export const referralViewSchema = z.object({
  code: z.string(),
  link: z.string(),
  /** Accounts registered with the code. */
  invited: z.number().check(z.integer()),
  /** Invitations that earned their voucher bids. */
  rewarded: z.number().check(z.integer()),
});
export type ReferralView = z.infer<typeof referralViewSchema>;
