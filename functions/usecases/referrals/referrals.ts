/**
 * Invite a friend (rules in functions/domain/referrals.ts): the inviter's code and counts, the
 * invitation a registration records, and the reward of both sides once the invited account is verified
 * and its first bid-package payment is credited: in the credit's own transaction when the address was
 * verified first, at the verification otherwise. A refund or dispute of that first payment takes the
 * voucher bids back as far as they are unspent.
 */
import type { ReferralView } from "#shared/schemas/referrals";
import {
  createReferrer,
  declineAwaitingReferral,
  findReferrerIdByCode,
  getReferral,
  getReferrer,
  type ReferralCreditPlan,
  rewardAtVerification,
  takeBackReward,
} from "../../adapters/dynamo/referrals-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { getEmailSite, referralBids } from "../../config/runtime.ts";
import { emailIsVerified } from "../../domain/accounts.ts";
import { serviceUnavailable, unauthorized } from "../../domain/errors.ts";
import {
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  referralCodeFrom,
  referralLink,
  rewardDecision,
  unspentReward,
} from "../../domain/referrals.ts";
import { logger } from "../../observability/logger.ts";

const CODE_TRIES = 5;

/** GET /api/me/referral: the account's code (made at its first ask, the same ever after) and its counts. */
export async function referralView(userId: string, now: number): Promise<ReferralView> {
  const user = await getUser(userId);
  if (!user || user.deletedAt) throw unauthorized();
  let referrer = await getReferrer(userId);
  for (let attempt = 0; !referrer && attempt < CODE_TRIES; attempt++) {
    const code = referralCodeFrom(crypto.getRandomValues(new Uint8Array(REFERRAL_CODE_LENGTH)));
    // "code_taken": another account holds it (about one chance in 10^9 per account); draw again.
    if ((await createReferrer(userId, code, now)) !== "code_taken") referrer = await getReferrer(userId);
  }
  if (!referrer) throw serviceUnavailable("Could not make your invitation code. Please try again.");
  return {
    code: referrer.code,
    link: referralLink(getEmailSite().url, referrer.code),
    invited: referrer.invited,
    rewarded: referrer.rewarded,
  };
}

/** The live account a registration's `referralCode` names, or undefined: an unknown code is ignored. */
export async function inviterOfCode(raw: string | undefined): Promise<string | undefined> {
  const code = normalizeReferralCode(raw);
  if (!code) return undefined;
  const inviterId = await findReferrerIdByCode(code);
  if (!inviterId) return undefined;
  const inviter = await getUser(inviterId);
  return inviter && !inviter.deletedAt ? inviterId : undefined;
}

async function planReward(invitedId: string, inviterId: string, now: number): Promise<ReferralCreditPlan> {
  const [inviter, referrer] = await Promise.all([getUser(inviterId), getReferrer(inviterId)]);
  const decision = rewardDecision({
    inviterId,
    invitedId,
    inviterExists: Boolean(inviter && !inviter.deletedAt && referrer),
    rewardTimes: referrer?.rewardTimes ?? [],
    now,
  });
  if (decision.kind === "decline") return { kind: "decline", reason: decision.reason };
  return {
    kind: "reward",
    inviterId,
    bids: referralBids(),
    seenSeq: referrer?.rewardSeq ?? 0,
    rewardTimes: decision.rewardTimes,
    inviterSeen: { bidBalance: inviter?.bidBalance ?? 0, voucherBids: inviter?.voucherBids },
  };
}

/**
 * What crediting this account's payment does to its invitation, read afresh for each try of the
 * credit: undefined when there is none to move (no invitation, or its first payment was credited
 * before). Only the first credited payment moves it.
 */
export async function referralOnCredit(
  invitedId: string,
  now: number,
): Promise<ReferralCreditPlan | undefined> {
  const referral = await getReferral(invitedId);
  if (referral?.status !== "invited") return undefined;
  const invited = await getUser(invitedId);
  if (!invited) return undefined;
  if (!emailIsVerified(invited.emailVerified)) return { kind: "await_verification" };
  return planReward(invitedId, referral.inviterId, now);
}

/**
 * A reward landed: logged. The inviter's email comes from the stream, when the invitation's item moves
 * to rewarded (functions/domain/notifications.ts), so it goes once whichever transaction wrote it.
 */
export function noteReward(plan: ReferralCreditPlan | undefined, invitedId: string): void {
  if (plan?.kind === "reward")
    logger.info("referral rewarded", { inviterId: plan.inviterId, invitedId, bids: plan.bids });
}

const ROUNDS = 5;

/**
 * The address is verified: an invitation waiting for it (its first payment credited before) is
 * rewarded now. The verification stands whatever happens here; a failure is logged.
 */
export async function rewardAfterVerification(invitedId: string, now: number): Promise<void> {
  try {
    await retrying({ attempts: ROUNDS }, async () => {
      const referral = await getReferral(invitedId);
      if (referral?.status !== "paid" || !referral.paymentIntentId) return "none";
      const [plan, invited] = await Promise.all([
        planReward(invitedId, referral.inviterId, now),
        getUser(invitedId),
      ]);
      if (!invited) return "none";
      const seen = { bidBalance: invited.bidBalance, voucherBids: invited.voucherBids };
      if (!(await rewardAtVerification(invitedId, referral.paymentIntentId, plan, seen, now))) return RETRY;
      noteReward(plan, invitedId);
      return "moved";
    });
  } catch (error) {
    logger.error("referral reward at verification failed", { invitedId, error: String(error) });
  }
}

/**
 * The invited account's first payment went back (refund or dispute): its reward is taken back from
 * both sides as far as each still holds it unspent, once; an invitation still waiting for the
 * verification is never rewarded. Another payment's reversal changes nothing here.
 */
export async function takeBackReferralReward(
  invitedId: string,
  paymentIntentId: string,
  now: number,
): Promise<void> {
  await retrying(
    { attempts: ROUNDS },
    async () => {
      const referral = await getReferral(invitedId);
      if (!referral || referral.paymentIntentId !== paymentIntentId) return "none";
      if (referral.status === "paid")
        return (await declineAwaitingReferral(invitedId, paymentIntentId, now)) ? "declined" : RETRY;
      if (referral.status !== "rewarded") return "none";
      const reward = referral.bids ?? 0;
      const sides = await Promise.all([getUser(invitedId), getUser(referral.inviterId)]);
      const takes = sides.flatMap((user) =>
        user ? [{ userId: user.id, take: unspentReward(reward, user.voucherBids, user.bidBalance) }] : [],
      );
      if (!(await takeBackReward({ invitedId, paymentIntentId, takes, now }))) return RETRY;
      logger.info("referral reward taken back", { invitedId, paymentIntentId, takes });
      return "taken_back";
    },
    () => {
      throw new Error(`Could not take back the referral reward of ${paymentIntentId}`);
    },
  );
}
