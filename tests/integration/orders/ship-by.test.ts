/**
 * The ship-by guarantee through the real handlers, on an injected clock: a paid order carries
 * `shipBy` (5 days after its payment); the sweep reminds the seller 2 days and 1 day before, once
 * each, and puts the order on the admin's late list at the moment; after it the buyer's
 * POST /api/orders/{id}/cancel refunds the final price once and gives the bids back free, exactly once
 * even against the seller's "shipped" at the same instant.
 */
import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { getLocalPaymentIntent } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { readBidBalance } from "../../../functions/adapters/dynamo/purchases-repo.ts";
import { DEFAULT_SUPPORT_EMAIL } from "../../../functions/config/runtime.ts";
import { emailEventsFor } from "../../../functions/domain/notifications.ts";
import { queueEmailEvents } from "../../../functions/usecases/alerts/queue-email-events.ts";
import { sweepShipBy } from "../../../functions/usecases/orders/ship-by.ts";
import { outbox, useAccountEmails } from "../accounts/fixtures.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { auctionWithBids, getItem, orderAsWinner, payOrder, signUp, type TestUser } from "./fixtures.ts";

useFreshTable("orders-ship-by");
const emails = useAccountEmails();

const DAY = 24 * 60 * 60 * 1000;

/** A paid order of a fresh auction that `buyer` won with two bids (so two bids come back on a cancel). */
async function paidOrder(seller?: TestUser, buyer?: TestUser) {
  const s = seller ?? (await signUp("seller"));
  const b = buyer ?? (await signUp());
  const other = await signUp();
  const auction = await auctionWithBids({ seller: s, bidders: [b, other, b] });
  const created = await orderAsWinner(b, auction.id);
  expect(created.status).toBe(200);
  const paymentIntentId = await payOrder(b, created.body.id);
  const [order] = (await b.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body.filter(
    (o) => o.id === created.body.id,
  );
  if (!order?.shipBy) throw new Error("the paid order has no shipBy");
  return { seller: s, buyer: b, order, paymentIntentId, shipBy: Date.parse(order.shipBy) };
}

const cancel = (user: TestUser, orderId: string) =>
  user.call<OrderView & { message?: string }>({ method: "POST", path: `/api/orders/${orderId}/cancel` });

const ship = (seller: TestUser, orderId: string) =>
  seller.call<OrderView & { message?: string }>({
    method: "PATCH",
    path: `/api/orders/${orderId}/shipping`,
    body: { status: "shipped", trackingNumber: "1Z999" },
  });

/** Sweeps at `at`, counting only this order's reminders (other tests' orders may be due too). */
async function sweepAt(at: number, orderId: string) {
  const before = await getItem(keys.order(orderId));
  await sweepShipBy(at);
  const after = await getItem(keys.order(orderId));
  return {
    reminders: Number(after?.shipReminders ?? 0) - Number(before?.shipReminders ?? 0),
    list: after?.gsi4pk ?? null,
  };
}

describe("a paid order's ship-by moment", () => {
  it("is 5 days after the payment, on the buyer's and the seller's lists", async () => {
    const { seller, order, shipBy } = await paidOrder();
    expect(shipBy - Date.parse(order.paidAt!)).toBe(5 * DAY);
    const sellers = (await seller.call<OrderView[]>({ method: "GET", path: "/api/orders/seller" })).body;
    expect(sellers.find((o) => o.id === order.id)?.shipBy).toBe(order.shipBy);
    expect(order).toMatchObject({ cancelledAt: null, bidsReturned: null });
  });

  it("reminds the seller once 2 days and once 1 day before, then lists the order late for the admin", async () => {
    const { order, shipBy } = await paidOrder();
    expect(await sweepAt(shipBy - 2 * DAY - 1, order.id)).toEqual({ reminders: 0, list: "SHIPDUE" });
    expect(await sweepAt(shipBy - 2 * DAY, order.id)).toEqual({ reminders: 1, list: "SHIPDUE" });
    expect(await sweepAt(shipBy - 2 * DAY + 60_000, order.id)).toEqual({ reminders: 0, list: "SHIPDUE" });
    expect(await sweepAt(shipBy - DAY, order.id)).toEqual({ reminders: 1, list: "SHIPDUE" });
    expect(await sweepAt(shipBy - 1, order.id)).toEqual({ reminders: 0, list: "SHIPDUE" });
    expect(await sweepAt(shipBy, order.id)).toEqual({ reminders: 0, list: "SHIPLATE" });
    expect(await sweepAt(shipBy + DAY, order.id)).toEqual({ reminders: 0, list: "SHIPLATE" });
    expect((await getItem(keys.order(order.id)))?.shipReminders).toBe(2);

    const admin = await signUp("admin");
    const late = await admin.call<OrderView[]>({ method: "GET", path: "/api/admin/orders/late" });
    expect(late.status).toBe(200);
    expect(late.body.find((o) => o.id === order.id)).toMatchObject({
      shippingStatus: "pending",
      cancelledAt: null,
    });
  });

  it("each reminder is one email to the seller, told by the stream (a redelivery is the same key)", async () => {
    const { order, shipBy } = await paidOrder();
    const before = await getItem(keys.order(order.id));
    await sweepShipBy(shipBy - 2 * DAY);
    const after = await getItem(keys.order(order.id));
    const events = emailEventsFor(before, after, Date.now());
    expect(events.map((e) => [e.kind, e.recipient, e.key])).toEqual([
      ["ship_by_reminder", { sellerId: order.sellerId }, `ship_by_reminder#${order.id}#1`],
    ]);
    expect(events[0]?.data.shipBy).toBe(shipBy);
  });

  it("a shipped order leaves the index and gets no reminder", async () => {
    const { seller, order, shipBy } = await paidOrder();
    expect((await ship(seller, order.id)).status).toBe(200);
    expect(await sweepAt(shipBy - DAY, order.id)).toEqual({ reminders: 0, list: null });
  });
});

describe("POST /api/orders/{id}/cancel", () => {
  it("before shipBy: 409 with the seller's date; someone else: 403; nothing changes", async () => {
    const { buyer, order, shipBy } = await paidOrder();
    const early = await cancel(buyer, order.id);
    expect(early.status).toBe(409);
    const when = `${new Date(shipBy).toISOString().slice(0, 16).replace("T", " ")} UTC`;
    expect(early.body.message).toBe(`The seller has until ${when} to ship`);

    moveClockPast(shipBy);
    const stranger = await signUp();
    const refused = await cancel(stranger, order.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This order is not yours");
    expect((await getItem(keys.order(order.id)))?.cancelledAt).toBeUndefined();
    expect((await cancel(buyer, "no-such-order")).status).toBe(404);
  });

  it("an order already shipped: 409", async () => {
    const { seller, buyer, order, shipBy } = await paidOrder();
    expect((await ship(seller, order.id)).status).toBe(200);
    moveClockPast(shipBy);
    const res = await cancel(buyer, order.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has already shipped");
  });

  it("after shipBy refunds the final price once, gives the bids back free, and tells the seller", async () => {
    const { seller, buyer, order, paymentIntentId, shipBy } = await paidOrder();
    const balance = (await readBidBalance(buyer.id)) ?? 0;
    moveClockPast(shipBy);
    const before = await getItem(keys.order(order.id));

    const res = await cancel(buyer, order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: "refunded", shippingStatus: "pending", bidsReturned: 2 });
    expect(res.body.cancelledAt).toEqual(expect.any(String));
    const intent = await getLocalPaymentIntent(paymentIntentId);
    expect(intent?.refundedCents).toBe(intent?.amountCents);
    expect(await readBidBalance(buyer.id)).toBe(balance + 2);

    const again = await cancel(buyer, order.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order has already been cancelled and refunded");
    expect(await readBidBalance(buyer.id)).toBe(balance + 2);

    const after = await getItem(keys.order(order.id));
    const told = emailEventsFor(before, after, Date.now(), DEFAULT_SUPPORT_EMAIL).map((e) => [
      e.kind,
      e.recipient,
    ]);
    expect(told).toContainEqual(["sale_cancelled", { sellerId: order.sellerId }]);
    expect(told).toContainEqual(["late_order_cancelled", { address: DEFAULT_SUPPORT_EMAIL }]);
    // The order's change as the table-changes consumer queues it: the seller and the admin (the
    // stage's support address) each get their email.
    await queueEmailEvents({ oldImage: before, newImage: after, at: Date.now() });
    await emails.settled();
    const toAdmin = (await outbox(DEFAULT_SUPPORT_EMAIL)).filter(
      (e) => e.kind === "late_order_cancelled" && e.text.includes(order.id),
    );
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.subject).toMatch(/^\[Orders\] A buyer cancelled a late order: /);
    const toSeller = (await outbox(`${seller.username}@example.com`)).filter(
      (e) => e.kind === "sale_cancelled",
    );
    expect(toSeller.map((e) => e.text.includes(order.id))).toEqual([true]);

    const shipped = await ship(seller, order.id);
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe(
      "This order was cancelled by its buyer and refunded: it can no longer ship",
    );

    const admin = await signUp("admin");
    const late = (await admin.call<OrderView[]>({ method: "GET", path: "/api/admin/orders/late" })).body;
    expect(late.find((o) => o.id === order.id)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("racing the seller's shipped: exactly one wins, and the bids come back at most once", async () => {
    const seller = await signUp("seller");
    const buyer = await signUp();
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const { order, shipBy } = await paidOrder(seller, buyer);
      moveClockPast(shipBy);
      const balance = (await readBidBalance(buyer.id)) ?? 0;
      const [cancelled, cancelledToo, shipped] = await Promise.all([
        cancel(buyer, order.id),
        cancel(buyer, order.id),
        ship(seller, order.id),
      ]);
      const stored = await getItem(keys.order(order.id));
      const cancelWon = cancelled.status === 200 || cancelledToo.status === 200;
      expect(cancelWon).not.toBe(shipped.status === 200);
      if (cancelWon) {
        expect(stored).toMatchObject({
          paymentStatus: "refunded",
          shippingStatus: "pending",
          bidsReturned: 2,
        });
        expect(shipped.status).toBe(409);
        expect(await readBidBalance(buyer.id)).toBe(balance + 2);
      } else {
        expect(stored).toMatchObject({ paymentStatus: "paid", shippingStatus: "shipped" });
        expect(stored?.cancelledAt).toBeUndefined();
        expect([cancelled.status, cancelledToo.status]).toEqual([409, 409]);
        expect(await readBidBalance(buyer.id)).toBe(balance);
      }
      outcomes.push(cancelWon ? "cancel" : "ship");
    }
    expect(outcomes).toHaveLength(4);
  });
});
