/**
 * Payment deadlines on an injected clock: a win must be paid within 14 days of its end (Buy It Now
 * within 7 of ordering); the sweep sends the reminders 3 days and 1 day before once each and expires
 * an unpaid win (and its unpaid order) at the deadline, after which it can be neither ordered nor paid,
 * and a payment that lands anyway is refunded; a paid win only leaves the index.
 */
import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { createOrderPaymentIntent } from "../../../functions/usecases/orders/order-payments.ts";
import { placeOrder } from "../../../functions/usecases/orders/orders.ts";
import { sweepPaymentDeadlines } from "../../../functions/usecases/orders/payment-deadlines.ts";
import { handlePaymentSucceeded } from "../../../functions/usecases/payments/payment-succeeded.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  getItem,
  orderAsWinner,
  orderPaymentIntent,
  payOrder,
  shippingAddress,
  soleBidderWin,
  wonAuctions,
} from "./fixtures.ts";

useFreshTable("orders-deadlines");

const DAY = 24 * 60 * 60 * 1000;

async function wonAuction() {
  const { seller, buyer, auction } = await soleBidderWin();
  const [win] = await wonAuctions(buyer);
  if (!win?.payBy) throw new Error("the win has no deadline");
  return { seller, buyer, auction, win, payBy: Date.parse(win.payBy) };
}

/** Sweeps at `at`, counting only this test's entry (other tests' entries may be due too). */
async function sweepAt(at: number, key: { pk: string; sk: string }) {
  const before = await getItem(key);
  await sweepPaymentDeadlines(at);
  const after = await getItem(key);
  return {
    reminders: Number(after?.paymentReminders ?? 0) - Number(before?.paymentReminders ?? 0),
    expired: !before?.paymentExpiredAt && !!after?.paymentExpiredAt,
    // Waiting for a step (an expired win moves on to the admin's list, `PAYEXPIRED`).
    indexed: after?.gsi4pk === "PAYDUE",
  };
}

describe("a win's payment deadline", () => {
  it("is 14 days after the win, on the won item and on its order", async () => {
    const { buyer, auction, win, payBy } = await wonAuction();
    expect(payBy - Date.parse(win.wonAt)).toBe(14 * DAY);
    expect(win.paymentExpiredAt).toBeNull();
    const order = await buyer.call<OrderView>({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: auction.id, ...shippingAddress },
    });
    expect(order.status).toBe(200);
    expect(order.body.payBy).toBe(win.payBy);
  });

  it("sends each reminder once, 3 days then 1 day before, and expires the unpaid win at the deadline", async () => {
    const { auction, payBy } = await wonAuction();
    const key = keys.auction(auction.id);

    expect(await sweepAt(payBy - 3 * DAY - 1, key)).toEqual({ reminders: 0, expired: false, indexed: true });
    expect(await sweepAt(payBy - 3 * DAY, key)).toEqual({ reminders: 1, expired: false, indexed: true });
    expect(await sweepAt(payBy - 2 * DAY, key)).toEqual({ reminders: 0, expired: false, indexed: true });
    expect(await sweepAt(payBy - DAY, key)).toEqual({ reminders: 1, expired: false, indexed: true });
    expect(await sweepAt(payBy - 1, key)).toEqual({ reminders: 0, expired: false, indexed: true });
    expect(await sweepAt(payBy, key)).toEqual({ reminders: 0, expired: true, indexed: false });
    expect(await sweepAt(payBy + DAY, key)).toEqual({ reminders: 0, expired: false, indexed: false });
    expect((await getItem(key))?.paymentReminders).toBe(2);
  });

  it("a sweep that comes late sends one reminder, not both, and none after the deadline", async () => {
    const late = await wonAuction();
    expect(await sweepAt(late.payBy - DAY / 2, keys.auction(late.auction.id))).toEqual({
      reminders: 2,
      expired: false,
      indexed: true,
    });
    const later = await wonAuction();
    expect(await sweepAt(later.payBy + 1, keys.auction(later.auction.id))).toEqual({
      reminders: 0,
      expired: true,
      indexed: false,
    });
  });

  it("after expiry the win can be neither ordered nor paid (a conflict, 409), and the wins list says so", async () => {
    const unordered = await wonAuction();
    await sweepPaymentDeadlines(unordered.payBy);
    const [expired] = await wonAuctions(unordered.buyer);
    expect(expired?.paymentExpiredAt).not.toBeNull();
    const late = await unordered.buyer.call<{ message: string }>({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: unordered.auction.id, ...shippingAddress },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("The payment deadline has passed: this item can no longer be paid for");
    expect(await getItem(keys.orderGuard(unordered.auction.id))).toBeUndefined();

    const ordered = await wonAuction();
    const order = (await orderAsWinner(ordered.buyer, ordered.auction.id)).body;
    await expect(createOrderPaymentIntent(order.id, ordered.buyer.id, ordered.payBy)).rejects.toMatchObject({
      kind: "conflict",
      message: "The payment deadline has passed: this item can no longer be paid for",
    });
    await expect(
      placeOrder(
        { auctionId: ordered.auction.id, ...shippingAddress, shippingCountry: "US" },
        ordered.buyer.id,
        ordered.payBy,
      ),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect((await getItem(keys.order(order.id)))?.lastPaymentIntentId).toBeUndefined();
  });

  it("paying before the deadline works, and the paid win only leaves the index", async () => {
    const { buyer, auction, payBy } = await wonAuction();
    const order = (await orderAsWinner(buyer, auction.id)).body;
    await payOrder(buyer, order.id);
    // The buyer's list settles a payment whose webhook is still on the way.
    await expect
      .poll(
        async () =>
          (await buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body[0]
            ?.paymentStatus,
      )
      .toBe("paid");

    expect(await sweepAt(payBy, keys.auction(auction.id))).toEqual({
      reminders: 0,
      expired: false,
      indexed: false,
    });
    expect((await wonAuctions(buyer))[0]?.paymentExpiredAt).toBeNull();
  });

  it("a payment that succeeds after the deadline, on an intent created in time, is refunded whole and the order stays unpaid", async () => {
    async function chargedInTime() {
      const won = await wonAuction();
      const order = (await orderAsWinner(won.buyer, won.auction.id)).body;
      const created = await orderPaymentIntent(won.buyer, order.id);
      expect(created.status).toBe(200);
      // The card is charged; its webhook reaches us at whatever time the test says.
      await markLocalPaymentIntentSucceeded(created.body.paymentIntentId);
      const intent = await localPaymentGateway().retrievePaymentIntent(created.body.paymentIntentId);
      if (!intent) throw new Error("the provider lost the intent");
      return { ...won, order, intent };
    }

    const justInTime = await chargedInTime();
    expect((await handlePaymentSucceeded(justInTime.intent, justInTime.payBy - 1)).outcome).toBe("paid");
    expect((await getItem(keys.order(justInTime.order.id)))?.paymentStatus).toBe("paid");

    // The sweep expired the win first; the payment lands after it.
    const afterSweep = await chargedInTime();
    await sweepPaymentDeadlines(afterSweep.payBy);
    // The win's unpaid order expires with it, so the buyer's and the seller's order lists say so.
    const [listed] = (await afterSweep.buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" }))
      .body;
    expect(listed?.paymentExpiredAt).toBe(new Date(afterSweep.payBy).toISOString());
    // The payment lands at the deadline itself, before any sweep saw it.
    const atDeadline = await chargedInTime();

    for (const [late, at] of [
      [afterSweep, afterSweep.payBy + 60_000],
      [atDeadline, atDeadline.payBy],
    ] as const) {
      expect((await handlePaymentSucceeded(late.intent, at)).outcome).toBe("expired");
      expect(await getItem(keys.order(late.order.id))).toMatchObject({ paymentStatus: "pending" });
      expect((await getItem(keys.order(late.order.id)))?.paidAt).toBeUndefined();
      expect(await getItem(keys.orderPayment(late.intent.id))).toBeUndefined();
      expect((await getItem(keys.localPaymentIntent(late.intent.id)))?.refundedCents).toBe(
        late.intent.amountCents,
      );
      // The same event again changes nothing and refunds nothing more (the refund is idempotent).
      expect((await handlePaymentSucceeded(late.intent, at + 1)).outcome).toBe("expired");
      // Asking to pay again is the deadline's 409, not "already paid".
      await expect(createOrderPaymentIntent(late.order.id, late.buyer.id, at)).rejects.toMatchObject({
        kind: "conflict",
        message: "The payment deadline has passed: this item can no longer be paid for",
      });
    }
    expect((await wonAuctions(afterSweep.buyer))[0]?.paymentExpiredAt).not.toBeNull();
    // The win that was not swept yet expires on the next sweep, since its order was never paid.
    expect(await sweepAt(atDeadline.payBy + 60_000, keys.auction(atDeadline.auction.id))).toEqual({
      reminders: 0,
      expired: true,
      indexed: false,
    });
    expect((await getItem(keys.order(atDeadline.order.id)))?.paymentExpiredAt).toBeDefined();
  });
});
