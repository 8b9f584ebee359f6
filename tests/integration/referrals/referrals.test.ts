/**
 * Invite a friend through the real handlers: the code and its link, a registration that carries it,
 * the voucher bids of both sides on the invited account's first credited payment (in its transaction,
 * or at the verification when it came later), once, within the inviter's yearly cap, and taken back
 * as far as unspent when that payment is refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "#shared/schemas/auth";
import type { AdminReferrer, ReferralExport, ReferralView } from "#shared/schemas/referrals";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { localPaymentGateway, localWebhookSecret } from "../../../functions/adapters/payments/index.ts";
import { refundedEvent, signWebhook } from "../../../functions/adapters/payments/local-gateway.ts";
import { REFERRAL_YEAR_MS, REFERRAL_YEARLY_CAP } from "../../../functions/domain/referrals.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { migrateReferrersIndex } from "../../../scripts/migrations/referrers-index.ts";
import { cookieOf, deleteAccount, followVerificationLink, outbox, uniqueName } from "../accounts/fixtures.ts";
import {
  type Buyer,
  confirmCard,
  createIntent,
  deliverWebhook,
  signUpBuyer,
  useTableWithPackages,
} from "../payments/fixtures.ts";
import { signedInActor } from "../support/actors.ts";
import { type EmailPipeline, startEmailPipeline } from "../support/email-pipeline.ts";
import { putItem, readItem, setAttributes } from "../support/raw-table.ts";

const table = useTableWithPackages("referrals");
let pipeline: EmailPipeline;
beforeAll(async () => {
  pipeline = await startEmailPipeline(table);
});
afterAll(() => pipeline?.stop());
/** Every change so far has reached the stream consumer and every queued email has been sent. */
const emails = {
  settled: async () => {
    await pipeline.poller.drain();
    await pipeline.queue.idle();
  },
};

const REWARD = 10;
let address = 0;

const referralOf = async (cookie: string) => {
  const res = await invokeRoute<ReferralView>({ method: "GET", path: "/api/me/referral", cookies: [cookie] });
  expect(res.status).toBe(200);
  return res.body;
};

const meOf = async (cookie: string) => {
  const res = await invokeRoute<CurrentUser>({ method: "GET", path: "/api/auth/me", cookies: [cookie] });
  expect(res.status).toBe(200);
  return res.body;
};

interface Invited {
  id: string;
  email: string;
  cookie: string;
  password: string;
}

/** Registers through the route, each from its own address (registrations are limited per address). */
async function register(extra: Record<string, unknown>, email?: string) {
  address += 1;
  const username = uniqueName("inv");
  const password = "invited-password";
  const res = await invokeRoute<{ id: string; message?: string }>({
    method: "POST",
    path: "/api/auth/register",
    body: {
      username,
      email: email ?? `${username}@example.com`,
      password,
      role: "buyer",
      acceptTerms: true,
      ...extra,
    },
    sourceIp: `10.77.${Math.floor(address / 250)}.${address % 250}`,
  });
  return { res, username, email: email ?? `${username}@example.com`, password };
}

async function invitedBy(code: string): Promise<Invited> {
  const { res, email, password } = await register({ referralCode: code });
  expect(res.status).toBe(201);
  return { id: res.body.id, email, cookie: cookieOf(res), password };
}

/** Buys the 50-bid starter package ($25.00) with the test card; the webhook credits it in-process. */
async function buyStarter(cookie: string): Promise<string> {
  const buyer = {
    call: (r: object) => invokeRoute({ ...(r as { method: "POST"; path: string }), cookies: [cookie] }),
  } as Buyer;
  const { body } = await createIntent(buyer, { packageId: "starter" });
  expect((await confirmCard(buyer, body.paymentIntentId)).status).toBe(200);
  return body.paymentIntentId;
}

async function verified(invited: Invited) {
  await emails.settled();
  await followVerificationLink(invited.email);
}

const refund = async (paymentIntentId: string) => {
  const intent = await localPaymentGateway().retrievePaymentIntent(paymentIntentId);
  const event = refundedEvent(
    { paymentIntentId, amountCents: intent!.amountCents, refundedCents: intent!.amountCents },
    Date.now(),
  );
  const res = await deliverWebhook(signWebhook(event, localWebhookSecret(), Date.now()));
  expect(res.status).toBe(200);
};

describe("GET /api/me/referral", () => {
  it("gives a short code made at the first ask, the same ever after, and the register link with it", async () => {
    const inviter = await signUpBuyer();
    const first = await referralOf(inviter.cookie);
    expect(first.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(first).toEqual({
      code: first.code,
      link: `http://localhost:5173/register?ref=${first.code}`,
      invited: 0,
      rewarded: 0,
    });
    expect(await referralOf(inviter.cookie)).toEqual(first);
    const other = await signUpBuyer();
    expect((await referralOf(other.cookie)).code).not.toBe(first.code);
  });

  it("answers 401 without a session", async () => {
    expect((await invokeRoute({ method: "GET", path: "/api/me/referral" })).status).toBe(401);
  });
});

describe("registering with a referral code", () => {
  it("counts the invitation; an unknown code is ignored and the account is made all the same", async () => {
    const inviter = await signUpBuyer();
    const { code } = await referralOf(inviter.cookie);
    const invited = await invitedBy(code.toLowerCase());
    expect(await readItem(keys.referral(invited.id))).toMatchObject({
      inviterId: inviter.id,
      status: "invited",
    });
    expect(await referralOf(inviter.cookie)).toMatchObject({ invited: 1, rewarded: 0 });

    const unknown = await register({ referralCode: "ZZZZZZZZ" });
    expect(unknown.res.status).toBe(201);
    expect(await readItem(keys.referral(unknown.res.body.id))).toBeUndefined();
    const malformed = await register({ referralCode: "not a code" });
    expect(malformed.res.status).toBe(201);
  });

  it("refuses a referralCode that is not a short string with a 400 naming it, and makes no account", async () => {
    const { res } = await register({ referralCode: "x".repeat(65) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("referralCode");
  });
});

describe("the reward", () => {
  it("lands once, on the first credited payment after the address is verified, for both sides", async () => {
    const inviter = await signUpBuyer();
    const { code } = await referralOf(inviter.cookie);
    const invited = await invitedBy(code);
    await verified(invited);
    await buyStarter(invited.cookie);

    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 50 + REWARD, voucherBids: REWARD });
    expect(await meOf(inviter.cookie)).toMatchObject({ bidBalance: REWARD, voucherBids: REWARD });
    // Free credits: received, with no money (what Buy It Now and the all-in figures count at $0).
    expect(await readItem(keys.paidCredits(invited.id))).toMatchObject({
      paidCents: 2500,
      creditsReceived: 60,
    });
    expect(await readItem(keys.paidCredits(inviter.id))).toMatchObject({
      paidCents: 0,
      creditsReceived: REWARD,
    });
    expect(await referralOf(inviter.cookie)).toMatchObject({ invited: 1, rewarded: 1 });

    await emails.settled();
    const told = (await outbox(`${(await meOf(inviter.cookie)).email}`)).filter(
      (e) => e.kind === "referral_rewarded",
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`${REWARD} free bids`);

    // A second payment is no first payment.
    await buyStarter(invited.cookie);
    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 100 + REWARD, voucherBids: REWARD });
    expect((await meOf(inviter.cookie)).bidBalance).toBe(REWARD);
    expect(await referralOf(inviter.cookie)).toMatchObject({ rewarded: 1 });
  });

  it("spends voucher bids last: a top-up after some were spent does not bring them back", async () => {
    const inviter = await signUpBuyer();
    const invited = await invitedBy((await referralOf(inviter.cookie)).code);
    await verified(invited);
    await buyStarter(invited.cookie);
    // 56 of the 60 spent: the 50 bought ones first, then 6 of the 10 voucher bids.
    await setAttributes(keys.user(invited.id), { bidBalance: 4 });
    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 4, voucherBids: 4 });
    await buyStarter(invited.cookie);
    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 54, voucherBids: 4 });
  });

  it("waits for the verification when the first payment came first, and lands then", async () => {
    const inviter = await signUpBuyer();
    const invited = await invitedBy((await referralOf(inviter.cookie)).code);
    await buyStarter(invited.cookie);
    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 50 });
    expect((await meOf(invited.cookie)).voucherBids).toBeUndefined();
    expect((await meOf(inviter.cookie)).bidBalance).toBe(0);

    await verified(invited);
    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 50 + REWARD, voucherBids: REWARD });
    expect(await meOf(inviter.cookie)).toMatchObject({ bidBalance: REWARD, voucherBids: REWARD });
    // A later payment adds nothing more.
    await buyStarter(invited.cookie);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(REWARD);
  });

  it("never rewards an account for inviting itself: its own address cannot register again, and a deleted account's code is ignored", async () => {
    address += 1;
    const username = uniqueName("self");
    const res = await invokeRoute<{ id: string }>({
      method: "POST",
      path: "/api/auth/register",
      body: {
        username,
        email: `${username}@example.com`,
        password: "self-password",
        role: "buyer",
        acceptTerms: true,
      },
      sourceIp: `10.78.0.${address % 250}`,
    });
    const self = { cookie: cookieOf(res), email: `${username}@example.com` };
    const { code } = await referralOf(self.cookie);

    const again = await register({ referralCode: code }, self.email);
    expect(again.res.status).toBe(409);
    expect(await referralOf(self.cookie)).toMatchObject({ invited: 0 });

    expect((await deleteAccount(self.cookie, "self-password")).status).toBe(200);
    const reborn = await invitedBy(code);
    expect(await readItem(keys.referral(reborn.id))).toBeUndefined();
    await verified(reborn);
    await buyStarter(reborn.cookie);
    expect((await meOf(reborn.cookie)).bidBalance).toBe(50);
  });

  it(`stops at ${REFERRAL_YEARLY_CAP} rewarded invitations in 365 days per inviter; an older one no longer counts`, async () => {
    const inviter = await signUpBuyer();
    const { code } = await referralOf(inviter.cookie);
    const now = Date.now();
    const fullYear = Array.from({ length: REFERRAL_YEARLY_CAP }, (_, i) => now - (i + 1) * 60_000);
    await setAttributes(keys.referrer(inviter.id), { rewardTimes: fullYear, rewardSeq: 50, rewarded: 50 });

    const capped = await invitedBy(code);
    await verified(capped);
    await buyStarter(capped.cookie);
    expect((await meOf(capped.cookie)).bidBalance).toBe(50);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(0);
    expect(await readItem(keys.referral(capped.id))).toMatchObject({
      status: "declined",
      declinedReason: "cap",
    });

    // The oldest reward passes out of the year: one place is free again.
    const oneOld = [...fullYear.slice(1), now - REFERRAL_YEAR_MS - 60_000];
    await setAttributes(keys.referrer(inviter.id), { rewardTimes: oneOld });
    const next = await invitedBy(code);
    await verified(next);
    await buyStarter(next.cookie);
    expect((await meOf(next.cookie)).bidBalance).toBe(50 + REWARD);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(REWARD);
    expect(await referralOf(inviter.cookie)).toMatchObject({ rewarded: 51 });
  });
});

describe("two friends paying at once for the inviter's last place of the year", () => {
  it("reward exactly one of them; the other is declined", async () => {
    const inviter = await signUpBuyer();
    const { code } = await referralOf(inviter.cookie);
    const now = Date.now();
    const almostFull = Array.from({ length: REFERRAL_YEARLY_CAP - 1 }, (_, i) => now - (i + 1) * 60_000);
    await setAttributes(keys.referrer(inviter.id), { rewardTimes: almostFull, rewardSeq: 49, rewarded: 49 });
    const friends = [await invitedBy(code), await invitedBy(code)];
    for (const friend of friends) await verified(friend);

    await Promise.all(friends.map((friend) => buyStarter(friend.cookie)));
    const balances = await Promise.all(friends.map(async (friend) => (await meOf(friend.cookie)).bidBalance));
    expect(balances.sort()).toEqual([50, 50 + REWARD]);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(REWARD);
    expect(await referralOf(inviter.cookie)).toMatchObject({ invited: 2, rewarded: REFERRAL_YEARLY_CAP });
    const statuses = await Promise.all(
      friends.map(async (f) => (await readItem(keys.referral(f.id)))?.status),
    );
    expect(statuses.sort()).toEqual(["declined", "rewarded"]);
  });
});

describe("a refunded first payment", () => {
  it("takes the voucher bids back where they are unspent, once", async () => {
    const inviter = await signUpBuyer(5);
    const invited = await invitedBy((await referralOf(inviter.cookie)).code);
    await verified(invited);
    const paymentIntentId = await buyStarter(invited.cookie);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(5 + REWARD);
    // The inviter spent 11 bids: their 5 bids first, then 6 of the voucher bids; 4 are unspent.
    await setAttributes(keys.user(inviter.id), { bidBalance: 4 });

    await refund(paymentIntentId);
    expect(await meOf(invited.cookie)).toMatchObject({ bidBalance: 0 });
    expect((await meOf(invited.cookie)).voucherBids).toBeUndefined();
    expect((await meOf(inviter.cookie)).bidBalance).toBe(0);
    expect(await readItem(keys.referral(invited.id))).toMatchObject({ status: "taken_back" });
    expect(await readItem(keys.paidCredits(inviter.id))).toMatchObject({ creditsReceived: 5 + REWARD - 4 });

    await setAttributes(keys.user(inviter.id), { bidBalance: 3 });
    await refund(paymentIntentId);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(3);
  });

  it("before the verification, leaves nothing to reward later", async () => {
    const inviter = await signUpBuyer();
    const invited = await invitedBy((await referralOf(inviter.cookie)).code);
    const paymentIntentId = await buyStarter(invited.cookie);
    await refund(paymentIntentId);
    await verified(invited);
    expect((await meOf(invited.cookie)).bidBalance).toBe(0);
    expect((await meOf(inviter.cookie)).bidBalance).toBe(0);
    expect(await readItem(keys.referral(invited.id))).toMatchObject({
      status: "declined",
      declinedReason: "refunded",
    });
  });
});

describe("the admin's view of referrals and the account export", () => {
  it("lists inviters with their invited and rewarded counts, most invitations first", async () => {
    const admin = await signedInActor("admin");
    const busy = await signUpBuyer();
    const quiet = await signUpBuyer();
    const busyCode = (await referralOf(busy.cookie)).code;
    const quietCode = (await referralOf(quiet.cookie)).code;
    const first = await invitedBy(busyCode);
    await invitedBy(busyCode);
    await invitedBy(quietCode);
    await verified(first);
    await buyStarter(first.cookie);

    const res = await admin.call<AdminReferrer[]>({ method: "GET", path: "/api/admin/referrals" });
    expect(res.status).toBe(200);
    const rows = res.body;
    const busyRow = rows.find((r) => r.userId === busy.id);
    const quietRow = rows.find((r) => r.userId === quiet.id);
    expect(busyRow).toEqual({
      userId: busy.id,
      username: (await meOf(busy.cookie)).username,
      code: busyCode,
      invited: 2,
      rewarded: 1,
    });
    expect(quietRow).toMatchObject({ code: quietCode, invited: 1, rewarded: 0 });
    expect(rows.indexOf(busyRow!)).toBeLessThan(rows.indexOf(quietRow!));
    // Sorted by invitations, then rewards.
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.invited > b.invited || (a.invited === b.invited && a.rewarded >= b.rewarded)).toBe(true);
    }

    // Only admins.
    const asBuyer = await invokeRoute({
      method: "GET",
      path: "/api/admin/referrals",
      cookies: [busy.cookie],
    });
    expect(asBuyer.status).toBe(403);

    // The export carries the account's invitation data: the inviter's code and counts and voucher bids,
    // and for the invited account who invited it.
    const exportOf = async (cookie: string) => {
      const answer = await invokeRoute<{ referral: ReferralExport }>({
        method: "GET",
        path: "/api/me/export",
        cookies: [cookie],
      });
      expect(answer.status).toBe(200);
      return answer.body.referral;
    };
    expect(await exportOf(busy.cookie)).toEqual({
      code: busyCode,
      invited: 2,
      rewarded: 1,
      voucherBids: REWARD,
      invitedBy: null,
    });
    expect(await exportOf(first.cookie)).toEqual({
      code: null,
      invited: 0,
      rewarded: 0,
      voucherBids: REWARD,
      invitedBy: busy.id,
    });
  });

  it("npm run migrate:referrers puts codes made before the index into it, once", async () => {
    const admin = await signedInActor("admin");
    const old = await signUpBuyer();
    const { code } = await referralOf(old.cookie);
    // A code from before the index: its referrer item carries no index key.
    const { gsi1pk: _pk, gsi1sk: _sk, ...unindexed } = (await readItem(keys.referrer(old.id)))!;
    await putItem(unindexed);
    const listed = async () =>
      (await admin.call<AdminReferrer[]>({ method: "GET", path: "/api/admin/referrals" })).body.some(
        (r) => r.code === code,
      );
    expect(await listed()).toBe(false);
    expect(await migrateReferrersIndex(true)).toBeGreaterThanOrEqual(1);
    expect(await listed()).toBe(false);
    expect(await migrateReferrersIndex(false)).toBeGreaterThanOrEqual(1);
    expect(await listed()).toBe(true);
    expect(await migrateReferrersIndex(false)).toBe(0);
  });
});
