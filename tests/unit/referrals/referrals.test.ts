import { describe, expect, it } from "vitest";
import { renderEmail } from "../../../functions/domain/email-templates.ts";
import { emailEventsFor } from "../../../functions/domain/notifications.ts";
import {
  freeBids,
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  REFERRAL_YEAR_MS,
  REFERRAL_YEARLY_CAP,
  referralCodeFrom,
  referralLink,
  rewardDecision,
  unspentReward,
  voucherBidsAfter,
} from "../../../functions/domain/referrals.ts";

const NOW = Date.UTC(2026, 5, 1);

describe("referral codes", () => {
  it("are 8 characters without look-alikes, and read back from what a form sent", () => {
    const code = referralCodeFrom(Uint8Array.from([0, 1, 2, 3, 30, 31, 62, 255]));
    expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]+$/);
    expect(normalizeReferralCode(` ${code.toLowerCase()} `)).toBe(code);
    expect(normalizeReferralCode("O0O0O0O0")).toBeNull();
    expect(normalizeReferralCode("short")).toBeNull();
    expect(normalizeReferralCode(undefined)).toBeNull();
  });

  it("need enough randomness", () => {
    expect(() => referralCodeFrom(new Uint8Array(3))).toThrow();
  });

  it("ride on the register link", () => {
    expect(referralLink("https://example.com/", "ABCDEFGH")).toBe(
      "https://example.com/register?ref=ABCDEFGH",
    );
  });
});

describe("rewardDecision", () => {
  const base = { inviterId: "a", invitedId: "b", inviterExists: true, rewardTimes: [] as number[], now: NOW };

  it("rewards and records the time", () => {
    expect(rewardDecision(base)).toEqual({ kind: "reward", rewardTimes: [NOW] });
  });

  it("never rewards an account for inviting itself", () => {
    expect(rewardDecision({ ...base, invitedId: "a" })).toEqual({ kind: "decline", reason: "self" });
  });

  it("declines when the inviter's account is gone", () => {
    expect(rewardDecision({ ...base, inviterExists: false })).toEqual({
      kind: "decline",
      reason: "inviter_gone",
    });
  });

  it(`stops at ${REFERRAL_YEARLY_CAP} in any 365 days, and forgets rewards older than that`, () => {
    const full = Array.from({ length: REFERRAL_YEARLY_CAP }, (_, i) => NOW - i * 1000);
    expect(rewardDecision({ ...base, rewardTimes: full })).toEqual({ kind: "decline", reason: "cap" });
    const oneOld = [...full.slice(1), NOW - REFERRAL_YEAR_MS];
    const decision = rewardDecision({ ...base, rewardTimes: oneOld });
    expect(decision.kind).toBe("reward");
    if (decision.kind === "reward") expect(decision.rewardTimes).toHaveLength(REFERRAL_YEARLY_CAP);
  });
});

describe("the free part of a balance", () => {
  it("is the voucher bids held, never more than the balance (voucher bids are spent last)", () => {
    expect(freeBids(20, 120)).toBe(20);
    expect(freeBids(20, 7)).toBe(7);
    expect(freeBids(undefined, 50)).toBe(0);
    expect(freeBids(-3, 50)).toBe(0);
  });

  it("is reset to what is left when voucher bids were spent, so a top-up does not bring them back", () => {
    expect(voucherBidsAfter({ voucherBids: 10, bidBalance: 4 }, 0)).toBe(4);
    expect(voucherBidsAfter({ voucherBids: 10, bidBalance: 4 }, 10)).toBe(14);
    expect(voucherBidsAfter({ voucherBids: 10, bidBalance: 40 }, 10)).toBeNull();
    expect(voucherBidsAfter({ bidBalance: 0 }, 10)).toBeNull();
  });

  it("bounds a take-back by the reward and by what is unspent", () => {
    expect(unspentReward(10, 20, 120)).toBe(10);
    expect(unspentReward(10, 10, 4)).toBe(4);
    expect(unspentReward(10, 0, 100)).toBe(0);
  });
});

describe("the inviter's email", () => {
  const referral = { type: "referral", id: "invited-1", inviterId: "inviter-1", bids: 10 };

  it("comes once, when the invitation moves to rewarded, keyed on the invited account", () => {
    const events = emailEventsFor(
      { ...referral, status: "invited" },
      { ...referral, status: "rewarded" },
      NOW,
    );
    expect(events).toEqual([
      {
        key: "referral_rewarded#invited-1",
        kind: "referral_rewarded",
        recipient: { userId: "inviter-1" },
        at: NOW,
        data: { bidCount: 10 },
      },
    ]);
    expect(
      emailEventsFor({ ...referral, status: "rewarded" }, { ...referral, status: "taken_back" }, NOW),
    ).toEqual([]);
    expect(emailEventsFor({ ...referral, status: "invited" }, { ...referral, status: "paid" }, NOW)).toEqual(
      [],
    );
  });

  it("says how many free bids, in the branded layout, with a link to the invitations page", () => {
    const email = renderEmail({ kind: "referral_rewarded", data: { bidCount: 10 } }, "ann", {
      name: "Site",
      url: "https://site.example",
    });
    expect(email.subject).toContain("10 free bids");
    expect(email.text).toContain("https://site.example/account/invite");
    expect(email.html).toContain("Site");
  });
});
