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

/**
 * GET /api/admin/referrals: the accounts that have an invitation code, most invitations first (then
 * most rewarded, then newest code), at most ADMIN_REFERRERS_LIMIT of the newest codes.
 */
export const adminReferrerSchema = z.object({
  userId: z.string(),
  /** Null when the account was deleted since. */
  username: z.nullable(z.string()),
  code: z.string(),
  invited: z.number().check(z.integer()),
  rewarded: z.number().check(z.integer()),
});
export type AdminReferrer = z.infer<typeof adminReferrerSchema>;

export const ADMIN_REFERRERS_LIMIT = 500;

/** The account export's invitation part: its code (null before it asked for one), its counts, its free bids. */
export const referralExportSchema = z.object({
  code: z.nullable(z.string()),
  invited: z.number().check(z.integer()),
  rewarded: z.number().check(z.integer()),
  /** The free (voucher) bids still in the balance. */
  voucherBids: z.number().check(z.integer()),
  /** Who invited this account, when it registered with a code. */
  invitedBy: z.nullable(z.string()),
});
export type ReferralExport = z.infer<typeof referralExportSchema>;
