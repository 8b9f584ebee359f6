import { describe, expect, it } from "vitest";
import type { LimitsView } from "#shared/schemas/limits";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { bidOn, getItem, liveAuction } from "../auctions/fixtures.ts";
import { confirmCard, createIntent, signUpBuyer, useTableWithPackages } from "../payments/fixtures.ts";

useTableWithPackages("fair-play-limits");

type Buyer = Awaited<ReturnType<typeof signUpBuyer>>;
const limits = (buyer: Buyer) =>
  buyer.call<LimitsView & { message?: string }>({ method: "GET", path: "/api/me/limits" });
const setLimits = (buyer: Buyer, body: unknown) =>
  buyer.call<LimitsView & { message?: string }>({ method: "PUT", path: "/api/me/limits", body });
const buyStarter = async (buyer: Buyer) => {
  const intent = await createIntent(buyer, { packageId: "starter" });
  if (intent.status !== 200) return intent;
  expect((await confirmCard(buyer, intent.body.paymentIntentId, "4242424242424242")).status).toBe(200);
  return intent;
};

describe("spending limits", () => {
  it("start empty, lower at once, and count what was bought today, this week and this month", async () => {
    const buyer = await signUpBuyer();
    expect((await limits(buyer)).body).toEqual({
      daily: null,
      weekly: null,
      monthly: null,
      pending: null,
      selfExcludedUntil: null,
      spent: { day: "0.00", week: "0.00", month: "0.00" },
      resetsAt: { day: expect.any(String), week: expect.any(String), month: expect.any(String) },
    });
    expect((await buyStarter(buyer)).status).toBe(200);
    const set = await setLimits(buyer, { daily: "40.00", monthly: 100 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ daily: "40.00", weekly: null, monthly: "100.00", pending: null });
    expect((await limits(buyer)).body.spent).toEqual({ day: "25.00", week: "25.00", month: "25.00" });
  });

  it("refuse a purchase that would pass a limit with 403 naming it and when it resets; create no intent", async () => {
    const buyer = await signUpBuyer();
    await setLimits(buyer, { daily: "30.00" });
    expect((await buyStarter(buyer)).status).toBe(200);
    const refused = await createIntent(buyer, { packageId: "starter" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^This purchase would pass your daily spending limit of \$30\.00\. It resets at \d{4}-\d\d-\d\d 00:00 UTC\.$/,
    );
    expect(await buyer.balance()).toBe(50);
  });

  it("raise or remove only 24 hours later, shown as pending", async () => {
    const buyer = await signUpBuyer();
    await setLimits(buyer, { daily: "30.00" });
    const raised = await setLimits(buyer, { daily: "500.00", weekly: null });
    expect(raised.body.daily).toBe("30.00");
    expect(raised.body.pending).toMatchObject({ daily: "500.00" });
    const effective = Date.parse(raised.body.pending!.effectiveAt) - Date.now();
    expect(effective).toBeGreaterThan(23.9 * 3_600_000);
    expect(effective).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await limits(buyer)).body.daily).toBe("30.00");
  });

  it("refuse bad amounts with 400 and change nothing", async () => {
    const buyer = await signUpBuyer();
    for (const body of [{ daily: "-5" }, { daily: "abc" }, { daily: 0 }, { hourly: "5.00" }]) {
      expect((await setLimits(buyer, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await limits(buyer)).body.daily).toBeNull();
  });
});

describe("self-exclusion", () => {
  it("stops purchases, bids and Bid Agents until its end, which cannot be brought forward", async () => {
    const buyer = await signUpBuyer(20);
    const { auction } = await liveAuction();
    const agent = await buyer.call({
      method: "PUT",
      path: `/api/auctions/${auction.id}/agent`,
      body: { bids: 5 },
    });
    expect(agent.status).toBe(200);
    expect(await buyer.balance()).toBe(15);

    const excluded = await buyer.call<LimitsView>({
      method: "POST",
      path: "/api/me/self-exclusion",
      body: { days: 30 },
    });
    expect(excluded.status).toBe(200);
    const until = excluded.body.selfExcludedUntil!;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    // The agent stopped and its credits came back.
    expect(await buyer.balance()).toBe(20);
    expect((await getItem(keys.agent(auction.id, buyer.id)))?.status).toBe("cancelled");

    const message = /^Self-excluded until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/;
    const purchase = await createIntent(buyer, { packageId: "starter" });
    expect(purchase.status).toBe(403);
    expect(purchase.body.message).toMatch(message);
    const bid = await bidOn(buyer as never, auction.id);
    expect(bid.status).toBe(403);
    expect((bid.body as { message: string }).message).toMatch(message);
    const again = await buyer.call({
      method: "PUT",
      path: `/api/auctions/${auction.id}/agent`,
      body: { bids: 1 },
    });
    expect(again.status).toBe(403);

    // A shorter request does not shorten it.
    const shorter = await buyer.call<LimitsView>({
      method: "POST",
      path: "/api/me/self-exclusion",
      body: { days: 1 },
    });
    expect(shorter.body.selfExcludedUntil).toBe(until);
    expect(
      (await buyer.call({ method: "POST", path: "/api/me/self-exclusion", body: { days: 0 } })).status,
    ).toBe(400);
    expect(
      (await buyer.call({ method: "POST", path: "/api/me/self-exclusion", body: { days: 366 } })).status,
    ).toBe(400);
    expect(await buyer.balance()).toBe(20);
  });
});
