/**
 * Invite a friend (docs/product.md, "Invite friends"): an account's referral code, the link that carries
 * it, and when an invitation earns its voucher bids. Pure: time and randomness are passed in.
 *
 * Voucher bids are free credits (paid-bids.ts counts them at $0). They sit in the same balance as the
 * bought ones and are spent last: the free part of a balance is the smaller of the voucher bids held and
 * the balance (docs/decisions.md, "Voucher bids are spent last").
 */

/** The free bids each side of a rewarded invitation gets when the stage does not say (REFERRAL_BIDS). */
export const DEFAULT_REFERRAL_BIDS = 10;

/** Rewarded invitations per inviter in any 365 days. */
export const REFERRAL_YEARLY_CAP = 50;

export const REFERRAL_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** No 0/O, 1/I/L: a code read aloud or typed from a screenshot comes out right. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A code from random bytes (at least REFERRAL_CODE_LENGTH of them): 31^8, about 8.5e11 codes. */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error("not enough random bytes for a referral code");
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += CODE_ALPHABET[(bytes[i] ?? 0) % CODE_ALPHABET.length];
  return code;
}

/** What a register form sent, as a code worth looking up (upper-cased), or null for anything else. */
export function normalizeReferralCode(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const code = raw.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The link an inviter shares: the register page with the code. */
export function referralLink(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/register?ref=${encodeURIComponent(code)}`;
}

/** Where an invitation stands (the invited account's referral item). */
export type ReferralStatus =
  /** Registered with the code; no bid-package payment credited yet. */
  | "invited"
  /** The first payment is credited but the address is not verified yet: the reward waits for it. */
  | "paid"
  /** Both got their voucher bids. */
  | "rewarded"
  /** The first payment was refunded or disputed: the unspent voucher bids went back. */
  | "taken_back"
  /** Never rewarded: self-referral, the inviter's yearly cap, the inviter's account gone, or the first payment refunded before the reward. */
  | "declined";

export type RewardDecision =
  | { kind: "reward"; rewardTimes: number[] }
  | { kind: "decline"; reason: "self" | "cap" | "inviter_gone" };

/**
 * Whether an invitation is rewarded now that the invited account is verified and its first payment is
 * credited: never for an account inviting itself, never past the inviter's cap of rewarded invitations in
 * the last 365 days. `rewardTimes` are the inviter's rewards so far (ms epoch); the answer's are those
 * still inside the year, with this one.
 */
export function rewardDecision(input: {
  inviterId: string;
  invitedId: string;
  inviterExists: boolean;
  rewardTimes: readonly number[];
  now: number;
  cap?: number;
}): RewardDecision {
  if (input.inviterId === input.invitedId) return { kind: "decline", reason: "self" };
  if (!input.inviterExists) return { kind: "decline", reason: "inviter_gone" };
  const recent = input.rewardTimes.filter((at) => at > input.now - REFERRAL_YEAR_MS);
  if (recent.length >= (input.cap ?? REFERRAL_YEARLY_CAP)) return { kind: "decline", reason: "cap" };
  return { kind: "reward", rewardTimes: [...recent, input.now] };
}

/** The free part of a balance: voucher bids are spent last, so it is never more than the balance. */
export function freeBids(voucherBids: number | undefined, bidBalance: number): number {
  return Math.max(0, Math.min(voucherBids ?? 0, bidBalance));
}

/**
 * What a balance that grows by `add` voucher bids (0 for bought ones) holds as voucher bids: the free
 * part it had (voucher bids spent below it are gone for good, so a top-up does not bring them back),
 * plus `add`. Null when the stored count needs no reset (it was within the balance): then it only grows.
 */
export function voucherBidsAfter(
  seen: { voucherBids?: number | undefined; bidBalance: number },
  add: number,
): number | null {
  if ((seen.voucherBids ?? 0) <= seen.bidBalance) return null;
  return freeBids(seen.voucherBids, seen.bidBalance) + add;
}

/** What a take-back removes from one side: the reward, as far as it is still unspent. */
export function unspentReward(reward: number, voucherBids: number | undefined, bidBalance: number): number {
  return Math.max(0, Math.min(reward, freeBids(voucherBids, bidBalance)));
}
