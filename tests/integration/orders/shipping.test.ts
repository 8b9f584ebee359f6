import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/schemas/orders";
import { useFreshTable } from "../support/fresh-table.ts";
import { auctionWithBids, orderAsWinner, payOrder, signUp, type TestUser } from "./fixtures.ts";

useFreshTable("orders-shipping");

async function orderFor(seller: TestUser, buyer: TestUser, { pay = true } = {}) {
  const auction = await auctionWithBids({ seller, bidders: [buyer] });
  const created = await orderAsWinner(buyer, auction.id);
  expect(created.status).toBe(200);
  if (pay) await payOrder(buyer, created.body.id);
  return created.body;
}

function ship(user: TestUser, orderId: string, body: Record<string, unknown>) {
  return user.call<OrderView & { message?: string }>({
    method: "PATCH",
    path: `/api/orders/${orderId}/shipping`,
    body,
  });
}

async function listOf(user: TestUser, side: "buyer" | "seller") {
  const res = await user.call<OrderView[]>({ method: "GET", path: `/api/orders/${side}` });
  expect(res.status).toBe(200);
  return res.body;
}

describe("PATCH /api/orders/{id}/shipping", () => {
  it("lets the order's seller ship it with a tracking number, and the buyer sees it", async () => {
    const seller = await signUp("seller");
    const buyer = await signUp();
    const order = await orderFor(seller, buyer);

    const before = Date.now();
    const res = await ship(seller, order.id, { status: "shipped", trackingNumber: "1Z999AA10123456784" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shippingStatus: "shipped", trackingNumber: "1Z999AA10123456784" });
    expect(Date.parse(res.body.shippedAt!)).toBeGreaterThanOrEqual(before - 5);
    expect(res.body.deliveredAt).toBeNull();

    const [seen] = await listOf(buyer, "buyer");
    expect(seen).toMatchObject({ shippingStatus: "shipped", trackingNumber: "1Z999AA10123456784" });

    const delivered = await ship(seller, order.id, { status: "delivered" });
    expect(delivered.body).toMatchObject({
      shippingStatus: "delivered",
      trackingNumber: "1Z999AA10123456784",
      shippedAt: res.body.shippedAt,
    });
    expect(delivered.body.deliveredAt).toEqual(expect.any(String));

    const back = await ship(seller, order.id, { status: "pending" });
    expect(back.body).toMatchObject({ shippingStatus: "pending", shippedAt: null, deliveredAt: null });
  });

  it("ships without a tracking number", async () => {
    const seller = await signUp("seller");
    const buyer = await signUp();
    const order = await orderFor(seller, buyer);
    const res = await ship(seller, order.id, { status: "shipped" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shippingStatus: "shipped", trackingNumber: null });
  });

  it("refuses another seller (403) and leaves the order as it was", async () => {
    const seller = await signUp("seller");
    const otherSeller = await signUp("seller");
    const buyer = await signUp();
    const order = await orderFor(seller, buyer);

    const res = await ship(otherSeller, order.id, { status: "shipped", trackingNumber: "HIJACK" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You can only update shipping of your own orders");
    const [seen] = await listOf(buyer, "buyer");
    expect(seen).toMatchObject({ shippingStatus: "pending", trackingNumber: null, shippedAt: null });
  });

  it("refuses buyers, even the order's own (403 by role)", async () => {
    const seller = await signUp("seller");
    const buyer = await signUp();
    const order = await orderFor(seller, buyer);
    expect((await ship(buyer, order.id, { status: "delivered" })).status).toBe(403);
  });

  it("refuses shipping an unpaid order (409) but lets it stay pending", async () => {
    const seller = await signUp("seller");
    const buyer = await signUp();
    const order = await orderFor(seller, buyer, { pay: false });
    const res = await ship(seller, order.id, { status: "shipped" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has not been paid yet");
    expect((await ship(seller, order.id, { status: "pending" })).status).toBe(200);
  });

  it("answers 400 for an unknown status and 404 for an unknown order", async () => {
    const seller = await signUp("seller");
    const buyer = await signUp();
    const order = await orderFor(seller, buyer);
    expect((await ship(seller, order.id, { status: "lost" })).status).toBe(400);
    expect((await ship(seller, "no-such-order", { status: "shipped" })).status).toBe(404);
  });
});

describe("order lists", () => {
  it("gives each seller only their own orders, with the buyer's name, email and address", async () => {
    const seller = await signUp("seller");
    const otherSeller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    const first = await orderFor(seller, alice);
    const second = await orderFor(seller, bob, { pay: false });
    const elsewhere = await orderFor(otherSeller, bob);

    const mine = await listOf(seller, "seller");
    expect(mine.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(mine[1]).toMatchObject({
      buyer: { username: alice.username, email: alice.email },
      shippingAddress: "1 Main Street",
      shippingCity: "Springfield",
      shippingState: "IL",
      shippingZip: "62701",
      shippingCountry: "US",
      paymentStatus: "paid",
    });
    expect((await listOf(otherSeller, "seller")).map((o) => o.id)).toEqual([elsewhere.id]);
  });

  it("gives each buyer only their own orders", async () => {
    const seller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    const order = await orderFor(seller, alice);
    expect((await listOf(alice, "buyer")).map((o) => o.id)).toEqual([order.id]);
    expect(await listOf(bob, "buyer")).toEqual([]);
  });

  it("keeps the seller list for sellers (403 for a buyer)", async () => {
    const buyer = await signUp();
    expect((await buyer.call({ method: "GET", path: "/api/orders/seller" })).status).toBe(403);
  });
});
