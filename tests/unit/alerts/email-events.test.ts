import { describe, expect, it } from "vitest";
import type { EmailKind, NotificationSettings } from "#shared/schemas/notifications";
import { renderEmail } from "../../../functions/domain/email-templates.ts";
import {
  emailEventsFor,
  notificationSettingsOf,
  userWantsEmail,
} from "../../../functions/domain/notifications.ts";
import { SPECIFIED_NOTIFICATION_DEFAULTS } from "../../support/notification-defaults.ts";

const AT = Date.parse("2026-01-01T12:00:00Z");
const site = { name: "Precious Metals Auctions", url: "https://auctions.example.com" };
const auction = (over: Record<string, unknown> = {}) => ({
  type: "auction",
  id: "a1",
  status: "active",
  totalBids: 4,
  priceCents: 154,
  lastBidderId: "u1",
  product: { name: "Gold Maple" },
  ...over,
});

describe("payment deadline emails", () => {
  const PAY_BY = Date.parse("2026-01-15T12:00:00Z");
  const won = (over: Record<string, unknown> = {}) =>
    auction({ status: "won", winnerId: "u1", sellerId: "s1", payBy: PAY_BY, paymentReminders: 0, ...over });

  it("a reminder counted up: one reminder to the winner, keyed by its number, with the deadline", () => {
    const events = emailEventsFor(won(), won({ paymentReminders: 1 }), AT);
    expect(events).toEqual([
      expect.objectContaining({
        key: "payment_reminder#a1#1",
        kind: "payment_reminder",
        recipient: { userId: "u1" },
        data: expect.objectContaining({ auctionId: "a1", payBy: PAY_BY }),
      }),
    ]);
    const mail = renderEmail(events[0]!, "alice", site);
    expect(mail.subject).toBe("Reminder: pay for Gold Maple by Jan 15, 2026, 12:00 PM UTC");
    expect(mail.text).toContain("https://auctions.example.com/order-checkout/a1");
    // The same change delivered again names the same event; nothing else changed: nothing.
    expect(emailEventsFor(won({ paymentReminders: 1 }), won({ paymentReminders: 1 }), AT)).toEqual([]);
  });

  it("expiry: the winner and the seller are told", () => {
    const events = emailEventsFor(
      won({ paymentReminders: 2 }),
      won({ paymentReminders: 2, paymentExpiredAt: "x" }),
      AT,
    );
    expect(events.map((e) => [e.kind, e.recipient])).toEqual([
      ["payment_expired", { userId: "u1" }],
      ["sale_expired", { sellerId: "s1" }],
    ]);
    expect(renderEmail(events[1]!, "seller", site).text).toContain("did not pay by Jan 15, 2026");
  });

  it("a win exchanged for its bids: the winner gets the exchange's confirmation, no expiry; the seller hears the winner gave it up", () => {
    const events = emailEventsFor(won(), won({ paymentExpiredAt: "x", exchangedBids: 3 }), AT);
    expect(events.map((e) => [e.kind, e.recipient, e.data.exchanged ?? e.data.bidCount])).toEqual([
      ["win_exchanged", { userId: "u1" }, 3],
      ["sale_expired", { sellerId: "s1" }, true],
    ]);
    expect(events[0]!.key).toBe("win_exchanged#a1");
    const confirmation = renderEmail(events[0]!, "alice", site);
    expect(confirmation.subject).toBe("You exchanged Gold Maple for 3 bids");
    expect(confirmation.text).toContain(
      "Your win of Gold Maple was exchanged: 3 bids returned to your balance",
    );
    expect(confirmation.text).toContain("https://auctions.example.com/my-wins");
    expect(confirmation.html).toContain("Precious Metals Auctions");
    const one = renderEmail(
      emailEventsFor(won(), won({ paymentExpiredAt: "x", exchangedBids: 1 }), AT)[0]!,
      "alice",
      site,
    );
    expect(one.subject).toBe("You exchanged Gold Maple for 1 bid");
    const mail = renderEmail(events[1]!, "seller", site);
    expect(mail.subject).toBe("The winner of Gold Maple gave it up");
    expect(mail.text).toContain("exchanged the win for their bids before paying");
    expect(mail.text).not.toContain("did not pay");
  });

  it("a Buy It Now order's reminder leads to its own checkout", () => {
    const order = (over: Record<string, unknown> = {}) => ({
      type: "order",
      id: "o1",
      kind: "buy_now",
      auctionId: "a1",
      buyerId: "u1",
      sellerId: "s1",
      paymentStatus: "pending",
      finalPriceCents: 3800,
      payBy: PAY_BY,
      product: { name: "Gold Maple" },
      ...over,
    });
    const [event] = emailEventsFor(order(), order({ paymentReminders: 1 }), AT);
    expect(renderEmail(event!, "alice", site).text).toContain("/order-checkout/a1?buyNow=1");
    // A win's order is stamped expired along with its auction, which alone sends the emails.
    expect(
      emailEventsFor(order({ kind: "auction" }), order({ kind: "auction", paymentExpiredAt: "x" }), AT),
    ).toEqual([]);
  });

  it("reminders and expiry are account emails: they go whatever the settings", () => {
    const off = notificationSettingsOf({ outbid: false, won: false, marketing: false });
    for (const kind of ["payment_reminder", "payment_expired", "sale_expired"] as const) {
      expect(userWantsEmail(kind, off, true)).toBe(true);
    }
  });
});

describe("which changes send an email", () => {
  it("a new user: welcome; the same user changed later: nothing", () => {
    expect(emailEventsFor(undefined, { type: "user", id: "u1" }, AT)).toEqual([
      { key: "welcome#u1", kind: "welcome", recipient: { userId: "u1" }, at: AT, data: {} },
    ]);
    expect(emailEventsFor({ type: "user", id: "u1" }, { type: "user", id: "u1", bidBalance: 3 }, AT)).toEqual(
      [],
    );
  });

  it("a new leader: outbid to the one replaced, keyed by the bid; the leader's own or a first bid: nothing", () => {
    const [event, ...more] = emailEventsFor(auction(), auction({ totalBids: 5, lastBidderId: "u2" }), AT);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      key: "outbid#a1#5",
      kind: "outbid",
      recipient: { userId: "u1" },
      data: { auctionId: "a1", productName: "Gold Maple", priceCents: 154 },
    });
    expect(
      emailEventsFor(auction({ lastBidderId: undefined, totalBids: 0 }), auction({ totalBids: 1 }), AT),
    ).toEqual([]);
    // A finalization rewrites the item without a new bid.
    expect(emailEventsFor(auction(), auction({ status: "ended" }), AT)).toEqual([]);
  });

  it("an auction turning won: won to the winner, once (a won auction rewritten again sends nothing)", () => {
    const won = auction({ status: "won", winnerId: "u1" });
    expect(emailEventsFor(auction(), won, AT).map((e) => [e.key, e.recipient])).toEqual([
      ["won#a1", { userId: "u1" }],
    ]);
    expect(emailEventsFor(won, { ...won, priceCents: 999 }, AT)).toEqual([]);
  });

  it("orders: paid and shipped each once; an order created already paid is a receipt too", () => {
    const order = {
      type: "order",
      id: "o1",
      buyerId: "b1",
      auctionId: "a1",
      paymentStatus: "pending",
      shippingStatus: "pending",
      finalPriceCents: 200,
      product: { name: "Gold Maple" },
    };
    const paid = { ...order, paymentStatus: "paid" };
    const shipped = { ...paid, shippingStatus: "shipped", trackingNumber: "1Z" };
    expect(emailEventsFor(order, paid, AT).map((e) => e.key)).toEqual(["order_paid#o1"]);
    expect(emailEventsFor(undefined, paid, AT).map((e) => e.key)).toEqual(["order_paid#o1"]);
    expect(emailEventsFor(paid, shipped, AT)).toMatchObject([
      { key: "shipped#o1", data: { trackingNumber: "1Z" } },
    ]);
    expect(emailEventsFor(shipped, { ...shipped, shippingStatus: "delivered" }, AT)).toEqual([]);
  });

  it("sellers and products: only a pending one decided; products go to the seller profile's user", () => {
    const seller = { type: "seller", id: "s1", userId: "u9", status: "pending", businessName: "Bullion Co" };
    expect(emailEventsFor(seller, { ...seller, status: "rejected" }, AT)).toMatchObject([
      { key: "seller_rejected#s1", recipient: { userId: "u9" } },
    ]);
    expect(emailEventsFor(undefined, { ...seller, status: "approved" }, AT)).toEqual([]);
    const product = { type: "product", id: "p1", sellerId: "s1", status: "pending", name: "Bar" };
    expect(emailEventsFor(product, { ...product, status: "approved" }, AT)).toMatchObject([
      { key: "product_approved#p1", recipient: { sellerId: "s1" } },
    ]);
  });

  it("a credited purchase: a receipt keyed by its payment", () => {
    expect(
      emailEventsFor(
        undefined,
        {
          type: "bidPurchase",
          id: "x",
          userId: "u1",
          stripePaymentIntentId: "pi_1",
          bidCount: 50,
          amountCents: 2500,
        },
        AT,
      ),
    ).toMatchObject([{ key: "bids_purchased#pi_1", data: { bidCount: 50, amountCents: 2500 } }]);
    expect(emailEventsFor(undefined, { type: "bid", id: "x" }, AT)).toEqual([]);
    expect(emailEventsFor({ type: "user", id: "u1" }, undefined, AT)).toEqual([]);
  });
});

/** Account emails and receipts: they go even to an address not yet verified. */
const ACCOUNT_MAIL = ["verify_email", "password_reset", "password_changed", "order_paid", "welcome"] as const;

/** Of `kinds`, those whose email goes out with `settings`, to a verified address or not. */
const sentOf = (kinds: readonly EmailKind[], settings: NotificationSettings, verified: boolean) =>
  kinds.filter((kind) => userWantsEmail(kind, settings, verified));

describe("settings", () => {
  it("default to all on (alerts for auctions bid on: off), alerts 5 minutes ahead; only the alerts (outbid, won, ending soon) can be turned off", () => {
    const off = notificationSettingsOf({ outbid: false, won: false, marketing: false, endingSoon: false });
    expect(notificationSettingsOf(undefined)).toEqual(SPECIFIED_NOTIFICATION_DEFAULTS);
    expect(sentOf(["outbid", "won", "ending_soon"], off, true)).toEqual([]);
    const notAlerts = [
      "welcome",
      "bids_purchased",
      "order_paid",
      "shipped",
      "seller_approved",
      "product_rejected",
      "payment_reminder",
      "payment_expired",
      "sale_expired",
    ] as const;
    expect(sentOf(notAlerts, off, true)).toEqual(notAlerts);
  });

  it("sends notifications only to a verified address; account emails and receipts always go", () => {
    const on = notificationSettingsOf(undefined);
    expect(sentOf(["outbid", "won"], on, false)).toEqual([]);
    expect(sentOf(["outbid"], on, true)).toEqual(["outbid"]);
    expect(sentOf(ACCOUNT_MAIL, on, false)).toEqual(ACCOUNT_MAIL);
  });
});

describe("rendering", () => {
  it("has a text and an HTML part with the site's name and a link back; names are escaped in HTML", () => {
    const email = renderEmail(
      { kind: "won", data: { auctionId: "a 1", productName: "<b>Bar</b>", priceCents: 1234 } },
      "amy",
      site,
    );
    expect(email.subject).toBe("You won <b>Bar</b>!");
    expect(email.text).toContain("for $12.34");
    expect(email.text).toContain("Check out: https://auctions.example.com/order-checkout/a%201");
    expect(email.text).toContain("Precious Metals Auctions");
    expect(email.html).toContain('href="https://auctions.example.com/order-checkout/a%201"');
    expect(email.html).toContain("&lt;b&gt;Bar&lt;/b&gt;");
    expect(email.html).not.toContain("<b>Bar</b>");
  });

  it("the shipped email carries the tracking number", () => {
    const email = renderEmail(
      { kind: "shipped", data: { productName: "Bar", trackingNumber: "1Z999" } },
      "amy",
      site,
    );
    expect(email.text).toContain("Tracking number: 1Z999");
    expect(email.html).toContain("Tracking number: 1Z999");
  });
});

describe("ship-by emails", () => {
  const paid = {
    type: "order",
    id: "o1",
    kind: "auction",
    auctionId: "a1",
    buyerId: "b1",
    sellerId: "s1",
    finalPriceCents: 151,
    paymentStatus: "paid",
    shippingStatus: "pending",
    shipBy: Date.UTC(2030, 0, 6, 12, 0),
    product: { name: "Gold Eagle" },
  };

  it("each reminder the sweep counts is one email to the seller, keyed by its count", () => {
    const events = emailEventsFor(paid, { ...paid, shipReminders: 1 }, 0);
    expect(events.map((e) => [e.kind, e.recipient, e.key])).toEqual([
      ["ship_by_reminder", { sellerId: "s1" }, "ship_by_reminder#o1#1"],
    ]);
    expect(emailEventsFor({ ...paid, shipReminders: 1 }, { ...paid, shipReminders: 1 }, 0)).toEqual([]);
  });

  it("the buyer's cancel tells the seller once", () => {
    const cancelled = { ...paid, cancelledAt: "2030-01-06T13:00:00.000Z" };
    expect(emailEventsFor(paid, cancelled, 0).map((e) => [e.kind, e.recipient])).toEqual([
      ["sale_cancelled", { sellerId: "s1" }],
    ]);
    expect(emailEventsFor(cancelled, { ...cancelled, paymentStatus: "refunded" }, 0)).toEqual([]);
  });

  it("say the ship-by moment in UTC and link the seller's orders", () => {
    const reminder = renderEmail(
      { kind: "ship_by_reminder", data: { productName: "Gold Eagle", shipBy: paid.shipBy, orderId: "o1" } },
      "sam",
      site,
    );
    expect(reminder.subject).toBe("Reminder: ship Gold Eagle by Jan 6, 2030, 12:00 PM UTC");
    expect(reminder.text).toContain("https://auctions.example.com/seller-orders");
    expect(reminder.text).toContain("Ship by");
    const cancelled = renderEmail(
      { kind: "sale_cancelled", data: { productName: "Gold Eagle", shipBy: paid.shipBy } },
      "sam",
      site,
    );
    expect(cancelled.subject).toBe("The buyer cancelled Gold Eagle: it was not shipped in time");
    expect(cancelled.text).toContain("Do not ship it.");
  });
});
