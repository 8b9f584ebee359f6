/**
 * The admin's Bid Packages tab: GET/POST /api/admin/bid-packages and
 * PATCH /api/admin/bid-packages/{id}. Buyers see and buy only active packages; a payment started
 * before an edit or a deactivation is credited with what it was created with.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminBidPackage } from "#shared/schemas/bid-packages";
import type { BidPackage } from "#shared/schemas/payments";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { seedBidPackages } from "../../../scripts/seed/bid-packages.ts";
import { confirmCard, createIntent, signUpBuyer, verify } from "../payments/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { anonymous, getItem, signUp, type TestUser } from "./fixtures.ts";

useFreshTable("admin-packages");

const PAID = "4242 4242 4242 4242";

let admin: TestUser;
beforeAll(async () => {
  admin = await signUp("admin");
  await seedBidPackages();
});

const adminList = async () => {
  const res = await admin.call<AdminBidPackage[]>({ method: "GET", path: "/api/admin/bid-packages" });
  expect(res.status).toBe(200);
  return res.body;
};
const publicList = async () => {
  const res = await invokeRoute<BidPackage[]>({ method: "GET", path: "/api/bid-packages" });
  expect(res.status).toBe(200);
  return res.body;
};
const create = (body: unknown, as: TestUser = admin) =>
  as.call<AdminBidPackage & { message?: string }>({ method: "POST", path: "/api/admin/bid-packages", body });
const edit = (id: string, body: unknown, as: TestUser = admin) =>
  as.call<AdminBidPackage & { message?: string }>({
    method: "PATCH",
    path: `/api/admin/bid-packages/${id}`,
    body,
  });

/** Every package item as stored, for "nothing changed". */
async function storedPackages() {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "PACKAGES" },
    }),
  );
  return Promise.all((Items ?? []).map((k) => getItem({ pk: k.pk as string, sk: k.sk as string })));
}

describe("listing and creating packages", () => {
  it("creates an active package from the form's fields, its id made from the name, shown to buyers", async () => {
    const form = { name: "Gold Rush 500", bidCount: 500, price: "150.00", savings: 40 };
    const res = await create(form);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: "gold-rush-500",
      ...form,
      popular: false,
      active: true,
      updatedAt: null,
    });
    // Money is integer cents in the table.
    expect(await getItem(keys.bidPackage("gold-rush-500"))).toMatchObject({
      priceCents: 15000,
      active: true,
    });
    expect((await adminList()).map((p) => p.id)).toEqual(["starter", "popular", "pro", "gold-rush-500"]);
    expect((await publicList()).find((p) => p.id === "gold-rush-500")).toEqual({
      id: "gold-rush-500",
      name: "Gold Rush 500",
      bidCount: 500,
      price: "150.00",
      savings: 40,
      popular: false,
    });
  });

  it("takes the form's text for numbers and an explicit id", async () => {
    const res = await create({ id: "text-pack", name: "Text", bidCount: "25", price: "12.5", savings: "0" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: "text-pack", bidCount: 25, price: "12.50", savings: 0 });
  });

  it("refuses a second package with the same id (409) and keeps the first", async () => {
    const before = await storedPackages();
    const res = await create({ name: "gold rush 500", bidCount: 1, price: "1.00" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A bid package with the id "gold-rush-500" already exists');
    expect(await storedPackages()).toEqual(before);
  });
});

describe("bad input is a 400 and changes nothing", () => {
  const badCreates: [unknown, string][] = [
    [{ bidCount: 10, price: "5.00" }, "name: Required"],
    [{ name: "  ", bidCount: 10, price: "5.00" }, "name: Name is required"],
    [
      { name: "X", bidCount: 0, price: "5.00" },
      "bidCount: Bid count must be a whole number from 1 to 1000000",
    ],
    [
      { name: "X", bidCount: 2.5, price: "5.00" },
      "bidCount: Bid count must be a whole number from 1 to 1000000",
    ],
    [
      { name: "X", bidCount: "ten", price: "5.00" },
      "bidCount: Bid count must be a whole number from 1 to 1000000",
    ],
    [
      { name: "X", bidCount: 10, price: "0.49" },
      "price: Price must be an amount from 0.50 to 999999.99 with at most 2 decimals",
    ],
    [
      { name: "X", bidCount: 10, price: "5.001" },
      "price: Price must be an amount from 0.50 to 999999.99 with at most 2 decimals",
    ],
    [{ name: "X", bidCount: 10, price: 5 }, "price: Expected string, received number"],
    [
      { name: "X", bidCount: 10, price: "5.00", savings: 101 },
      "savings: Savings must be a whole number from 0 to 100",
    ],
    [
      { name: "X", bidCount: 10, price: "5.00", id: "Not A Slug" },
      "id: id: lowercase letters, digits and dashes",
    ],
    [
      { name: "!!!", bidCount: 10, price: "5.00" },
      "id: give an id, or a name with letters or digits to make one from",
    ],
  ];
  it.each(badCreates)("POST %j: %s", async (body, message) => {
    const before = await storedPackages();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await storedPackages()).toEqual(before);
  });

  const badEdits: [unknown, string][] = [
    [{}, "Nothing to change"],
    [{ price: "0.00" }, "price: Price must be an amount from 0.50 to 999999.99 with at most 2 decimals"],
    [{ bidCount: -5 }, "bidCount: Bid count must be a whole number from 1 to 1000000"],
    [{ name: "" }, "name: Name is required"],
    [{ active: "no" }, "active: Expected boolean, received string"],
    [{ price: "9.00", savings: 200 }, "savings: Savings must be a whole number from 0 to 100"],
  ];
  it.each(badEdits)("PATCH %j: %s", async (body, message) => {
    const before = await storedPackages();
    const res = await edit("starter", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await storedPackages()).toEqual(before);
  });

  it("an unknown package is 404 and nothing is written", async () => {
    const before = await storedPackages();
    const res = await edit("no-such-pack", { price: "9.00" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Bid package not found");
    expect(await storedPackages()).toEqual(before);
    expect(await getItem(keys.bidPackage("no-such-pack"))).toBeUndefined();
  });
});

describe("only admins manage packages", () => {
  it("refuses anonymous callers (401), buyers and sellers (403), and changes nothing", async () => {
    const before = await storedPackages();
    const buyer = await signUp("buyer");
    const seller = await signUp("seller");
    for (const [who, status] of [
      [buyer, 403],
      [seller, 403],
    ] as const) {
      expect((await who.call({ method: "GET", path: "/api/admin/bid-packages" })).status).toBe(status);
      expect((await create({ name: "Sneaky", bidCount: 9999, price: "0.50" }, who)).status).toBe(status);
      expect((await edit("starter", { price: "0.50", bidCount: 9999 }, who)).status).toBe(status);
    }
    expect((await anonymous({ method: "GET", path: "/api/admin/bid-packages" })).status).toBe(401);
    expect(
      (await anonymous({ method: "PATCH", path: "/api/admin/bid-packages/starter", body: { active: false } }))
        .status,
    ).toBe(401);
    expect(await storedPackages()).toEqual(before);
  });
});

describe("editing packages", () => {
  it("changes price, bid count, name and the popular flag; the public list follows, in bid-count order", async () => {
    expect((await create({ name: "Edit Me", bidCount: 30, price: "12.00" })).status).toBe(201);
    const changes = { name: "Edited", bidCount: 1000, price: "275.50", popular: true };
    const res = await edit("edit-me", changes);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "edit-me", ...changes, active: true });
    expect(res.body.updatedAt).not.toBeNull();
    expect(await getItem(keys.bidPackage("edit-me"))).toMatchObject({ priceCents: 27550, bidCount: 1000 });
    const shown = await publicList();
    // Moved from between starter (50) and popular (150) to the end.
    expect(shown.at(-1)).toMatchObject({ id: "edit-me", bidCount: 1000, price: "275.50", popular: true });
    // Fields left out stay as they were.
    expect((await edit("edit-me", { savings: 12 })).body).toMatchObject({ name: "Edited", price: "275.50" });
  });

  it("a payment created before a price edit is credited its own bid count at its own price", async () => {
    expect((await create({ name: "Pending Pack", bidCount: 20, price: "10.00" })).status).toBe(201);
    const buyer = await signUpBuyer(0);
    const before = await createIntent(buyer, { packageId: "pending-pack" });
    expect(before.status).toBe(200);

    expect((await edit("pending-pack", { price: "15.00", bidCount: 30 })).status).toBe(200);

    // A payment started now (by another buyer: a buyer's new payment cancels their open one) charges
    // the new price for the new bids...
    const after = await createIntent(await signUpBuyer(0), { packageId: "pending-pack" });
    expect(await localPaymentGateway().retrievePaymentIntent(after.body.paymentIntentId)).toMatchObject({
      amountCents: 1500,
      metadata: { bidCount: "30" },
    });
    // ...while the one started before is charged and credited as it was created.
    expect(await localPaymentGateway().retrievePaymentIntent(before.body.paymentIntentId)).toMatchObject({
      amountCents: 1000,
      metadata: { bidCount: "20" },
    });
    expect((await confirmCard(buyer, before.body.paymentIntentId, PAID)).status).toBe(200);
    expect((await verify(buyer, before.body.paymentIntentId)).body).toMatchObject({
      status: "succeeded",
      bidCount: 20,
      bidBalance: 20,
    });
    expect(await getItem(keys.purchase(before.body.paymentIntentId))).toMatchObject({
      packageId: "pending-pack",
      bidCount: 20,
      amountCents: 1000,
    });
    expect(await buyer.balance()).toBe(20);
  });
});

describe("deactivating packages", () => {
  it("hides a deactivated package from buyers, refuses new payments for it, and lets an earlier one complete", async () => {
    expect((await create({ name: "Retiring", bidCount: 40, price: "18.00" })).status).toBe(201);
    const buyer = await signUpBuyer(0);
    const started = await createIntent(buyer, { packageId: "retiring" });
    expect(started.status).toBe(200);

    const off = await edit("retiring", { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await publicList()).map((p) => p.id)).not.toContain("retiring");
    // The admin still sees it, marked inactive.
    expect((await adminList()).find((p) => p.id === "retiring")).toMatchObject({ active: false });

    const refused = await createIntent(buyer, { packageId: "retiring" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "This bid package is no longer available" });

    // The payment started while it was on sale is paid and credited as usual.
    expect((await confirmCard(buyer, started.body.paymentIntentId, PAID)).status).toBe(200);
    expect(await buyer.balance()).toBe(40);

    // Reactivated, it is listed and can be bought again.
    expect((await edit("retiring", { active: true })).body.active).toBe(true);
    expect((await publicList()).map((p) => p.id)).toContain("retiring");
    expect((await createIntent(buyer, { packageId: "retiring" })).status).toBe(200);
  });

  it("an earlier purchase of a deactivated package stays as it was", async () => {
    expect((await create({ name: "Bought Once", bidCount: 15, price: "7.00" })).status).toBe(201);
    const buyer = await signUpBuyer(0);
    const { body } = await createIntent(buyer, { packageId: "bought-once" });
    expect((await confirmCard(buyer, body.paymentIntentId, PAID)).status).toBe(200);
    const purchase = await getItem(keys.purchase(body.paymentIntentId));

    expect((await edit("bought-once", { active: false })).status).toBe(200);
    expect(await getItem(keys.purchase(body.paymentIntentId))).toEqual(purchase);
    expect((await verify(buyer, body.paymentIntentId)).body).toMatchObject({
      status: "succeeded",
      bidCount: 15,
    });
    expect(await buyer.balance()).toBe(15);
  });
});
