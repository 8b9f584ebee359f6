/**
 * Emails through the whole asynchronous path, as `npm run dev` runs it: real routes change the table,
 * the stream poller feeds the table-changes consumer (stream/table-changes), the local queue hands each
 * event to the sender (alerts/send-alerts), whose outbox GET /api/dev/outbox lists.
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "#shared/payments";
import type { NotificationSettings, OutboxEmail } from "#shared/schemas/notifications";
import type { CreatePaymentIntentResponse } from "#shared/schemas/payments";
import { eventHandlers } from "../../../functions/routes.ts";
import { sendEmailEvent } from "../../../functions/usecases/alerts/send-alerts.ts";
import { invoke, type LambdaHandler, loadHandler } from "../../../scripts/local/handlers.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { seedBidPackages } from "../../../scripts/seed/bid-packages.ts";
import { orderAsWinner, payOrder } from "../orders/fixtures.ts";
import { type Actor, auctionOf, bidInTurn, goldMaple, signedInActor } from "../support/actors.ts";
import { type EmailPipeline, startEmailPipeline } from "../support/email-pipeline.ts";
import { useFreshTable } from "../support/fresh-table.ts";

const table = useFreshTable("emails");

let pipeline: EmailPipeline;
/** Every batch the poller handed to the email consumer, so a test can deliver one again. */
const delivered: DynamoDBRecord[] = [];

beforeAll(async () => {
  await seedBidPackages();
  pipeline = await startEmailPipeline(table, async (id) => {
    const handler = await loadHandler(id);
    if (!handler || id !== eventHandlers.tableChanges) return handler;
    const recording: LambdaHandler = (event, context) => {
      delivered.push(...(event as DynamoDBStreamEvent).Records);
      return handler(event, context);
    };
    return recording;
  });
});

afterAll(() => pipeline?.stop());

/** Every change so far has reached the stream consumer and every queued email has been sent. */
async function settle() {
  await pipeline.poller.drain();
  await pipeline.queue.idle();
}

async function outbox(to: string): Promise<OutboxEmail[]> {
  const res = await invokeRoute<OutboxEmail[]>({
    method: "GET",
    path: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** The kinds sent, newest first, without the welcome email every test user got when it was created. */
const kindsOf = (emails: OutboxEmail[]) => emails.map((e) => e.kind).filter((kind) => kind !== "welcome");
const user = (role: "buyer" | "seller" | "admin" = "buyer", bidBalance = 10) =>
  signedInActor(role, { bidBalance });

function expectSiteAndLink(email: OutboxEmail, path: string) {
  expect(email.text).toContain("Precious Metals Auctions");
  expect(email.text).toContain(`http://localhost:5173${path}`);
  expect(email.html).toContain(`href="http://localhost:5173${path}"`);
  expect(email.html).toContain("Precious Metals Auctions");
}

async function auction(seller: Actor, bidders: Actor[], { ended = false } = {}) {
  const startedAt = ended ? Date.now() - 120_000 : Date.now();
  const created = await auctionOf(seller, {
    product: {
      ...goldMaple(),
    },
    durationSeconds: ended ? 60 : 3600,
    now: startedAt,
  });
  await bidInTurn(created.id, bidders, startedAt);
  return created;
}

async function buyBids(buyer: Actor) {
  const intent = await buyer.call<CreatePaymentIntentResponse>({
    method: "POST",
    path: "/api/create-payment-intent",
    body: { packageId: "starter" },
  });
  expect(intent.status).toBe(200);
  const confirm = await buyer.call({
    method: "POST",
    path: `/api/dev/payments/${intent.body.paymentIntentId}/confirm`,
    body: { cardNumber: TEST_CARDS.succeeds },
  });
  expect(confirm.status).toBe(200);
}

async function paidOrder(seller: Actor, buyer: Actor) {
  const won = await auction(seller, [buyer], { ended: true });
  const order = await orderAsWinner(buyer, won.id);
  expect(order.status).toBe(200);
  await payOrder(buyer, order.body.id);
  return { auction: won, order: order.body };
}

describe("each email kind", () => {
  it("welcome: registering sends one (beside the address's verification link), with the site's name and a link back", async () => {
    const name = `new_${Math.random().toString(36).slice(2, 8)}`;
    const res = await invokeRoute({
      method: "POST",
      path: "/api/auth/register",
      body: { username: name, email: `${name}@example.com`, password: "a-good-password" },
    });
    expect(res.status).toBe(201);
    await settle();
    const emails = await outbox(`${name}@example.com`);
    expect(emails.map((e) => e.kind).sort()).toEqual(["verify_email", "welcome"]);
    const welcome = emails.find((e) => e.kind === "welcome")!;
    expect(welcome).toMatchObject({ to: `${name}@example.com`, subject: expect.stringContaining(name) });
    expect(Date.parse(welcome.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    expectSiteAndLink(welcome, "/");
  });

  it("outbid: the leader hears when someone else bids; the new leader does not", async () => {
    const [seller, first, second] = [await user("seller"), await user(), await user()];
    const live = await auction(seller, [first, second]);
    await settle();
    const [email, ...rest] = await outbox(first.email);
    expect(email!.kind).toBe("outbid");
    expect(kindsOf(rest)).toEqual([]);
    expect(email!.subject).toContain(live.product.name);
    expectSiteAndLink(email!, `/auction/${live.id}`);
    expect(kindsOf(await outbox(second.email))).toEqual([]);
  });

  it("won: the winner gets a link to the order checkout", async () => {
    const [seller, winner] = [await user("seller"), await user()];
    const ended = await auction(seller, [winner], { ended: true });
    // The first read after the end finalizes it.
    expect((await winner.call({ method: "GET", path: `/api/auctions/${ended.id}` })).status).toBe(200);
    await settle();
    const emails = await outbox(winner.email);
    expect(kindsOf(emails)).toEqual(["won"]);
    expectSiteAndLink(emails[0]!, `/order-checkout/${ended.id}`);
  });

  it("bids_purchased: a receipt with the bids and the amount", async () => {
    const buyer = await user("buyer", 0);
    await buyBids(buyer);
    await settle();
    const emails = await outbox(buyer.email);
    expect(kindsOf(emails)).toEqual(["bids_purchased"]);
    expect(emails[0]!.text).toMatch(/50 bids for \$\d+\.\d\d/);
  });

  it("order_paid and shipped: a receipt, then the tracking number", async () => {
    const [seller, buyer] = [await user("seller"), await user()];
    const { order } = await paidOrder(seller, buyer);
    await settle();
    const shipped = await seller.call({
      method: "PATCH",
      path: `/api/orders/${order.id}/shipping`,
      body: { status: "shipped", trackingNumber: "1Z999AA10123456784" },
    });
    expect(shipped.status).toBe(200);
    await settle();
    const emails = await outbox(buyer.email);
    // Newest first: the shipping notice after both; the win and the receipt may be sent in either order
    // (their events can travel in one stream batch, and the queue sends them side by side).
    const kinds = kindsOf(emails);
    expect(kinds[0]).toBe("shipped");
    expect(kinds.slice(1).sort()).toEqual(["order_paid", "won"]);
    expect(emails.find((e) => e.kind === "shipped")!.text).toContain("1Z999AA10123456784");
    expect(emails.find((e) => e.kind === "order_paid")!.subject).toContain("Receipt");
  });

  it("seller_approved and seller_rejected go to the applicant", async () => {
    const admin = await user("admin");
    const [approved, rejected] = [await user("seller"), await user("seller")];
    expect(
      (await admin.call({ method: "POST", path: `/api/admin/sellers/${approved.sellerId}/approve` })).status,
    ).toBe(200);
    expect(
      (await admin.call({ method: "POST", path: `/api/admin/sellers/${rejected.sellerId}/reject` })).status,
    ).toBe(200);
    await settle();
    expect(kindsOf(await outbox(approved.email))).toEqual(["seller_approved"]);
    expect(kindsOf(await outbox(rejected.email))).toEqual(["seller_rejected"]);
  });

  it("product_approved and product_rejected go to the seller's user", async () => {
    const admin = await user("admin");
    const seller = await user("seller");
    await admin.call({ method: "POST", path: `/api/admin/sellers/${seller.sellerId}/approve` });
    const submit = async (name: string) => {
      const res = await seller.call<{ id: string }>({
        method: "POST",
        path: "/api/seller/products",
        body: {
          name,
          description: "A one ounce silver coin in mint condition.",
          metalType: "silver",
          imageUrl: "/images/products/silver-coins.svg",
          startingPrice: "0.50",
          retailPrice: "39.99",
        },
      });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const good = await submit("Silver Eagle good");
    const bad = await submit("Silver Eagle bad");
    expect((await admin.call({ method: "POST", path: `/api/admin/products/${good}/approve` })).status).toBe(
      200,
    );
    expect((await admin.call({ method: "POST", path: `/api/admin/products/${bad}/reject` })).status).toBe(
      200,
    );
    await settle();
    const emails = await outbox(seller.email);
    expect(kindsOf(emails).sort()).toEqual(["product_approved", "product_rejected", "seller_approved"]);
    expect(emails.find((e) => e.kind === "product_approved")!.subject).toContain("Silver Eagle good");
    expect(emails.find((e) => e.kind === "product_rejected")!.subject).toContain("Silver Eagle bad");
  });
});

describe("exactly once", () => {
  it("the same stream record delivered again, even twice at once, sends no second email", async () => {
    const [seller, first, second] = [await user("seller"), await user(), await user()];
    const live = await auction(seller, [first, second]);
    await settle();
    expect(kindsOf(await outbox(first.email))).toEqual(["outbid"]);
    const records = delivered.filter(
      (r) => r.dynamodb?.NewImage?.id?.S === live.id && r.dynamodb?.NewImage?.lastBidderId?.S === second.id,
    );
    expect(records).toHaveLength(1);
    const again: DynamoDBStreamEvent = { Records: records };
    await Promise.all([invoke(eventHandlers.tableChanges, again), invoke(eventHandlers.tableChanges, again)]);
    await invoke(eventHandlers.tableChanges, again);
    await pipeline.queue.idle();
    expect(kindsOf(await outbox(first.email))).toEqual(["outbid"]);
  });

  it("a failed send is retried and then sent once", async () => {
    const buyer = await user();
    const event = {
      key: `bids_purchased#retry-${buyer.id}`,
      kind: "bids_purchased" as const,
      recipient: { userId: buyer.id },
      at: Date.now(),
      data: { bidCount: 5, amountCents: 300 },
    };
    const sent: string[] = [];
    let failures = 1;
    const flaky = {
      async send(email: { subject: string }) {
        if (failures-- > 0) throw new Error("SES is down");
        sent.push(email.subject);
      },
    };
    await expect(sendEmailEvent(event, flaky, { now: Date.now() })).rejects.toThrow("SES is down");
    expect(await sendEmailEvent(event, flaky, { now: Date.now() })).toBe("sent");
    expect(await sendEmailEvent(event, flaky, { now: Date.now() })).toBe("duplicate");
    expect(sent).toEqual(["Receipt: 5 bids"]);
  });
});

describe("the outbid rate limit", () => {
  it("two outbids of one user on one auction within 5 minutes send one email; after 5 minutes, another", async () => {
    const [seller, leader, rival] = [await user("seller"), await user(), await user()];
    // leader, rival (outbid #1), leader, rival (outbid #2, seconds later)
    const live = await auction(seller, [leader, rival, leader, rival]);
    await settle();
    expect(kindsOf(await outbox(leader.email))).toEqual(["outbid"]);

    // The same kind of change, stamped 6 minutes later (the window is measured on the event's own time).
    const [last] = delivered.filter(
      (r) => r.dynamodb?.NewImage?.id?.S === live.id && r.dynamodb?.NewImage?.totalBids?.N === "4",
    );
    const later: DynamoDBRecord = structuredClone(last!);
    later.dynamodb!.ApproximateCreationDateTime = last!.dynamodb!.ApproximateCreationDateTime! + 6 * 60;
    later.dynamodb!.NewImage!.totalBids = { N: "6" };
    later.dynamodb!.SequenceNumber = `${last!.dynamodb!.SequenceNumber}9`;
    await invoke(eventHandlers.tableChanges, { Records: [later] });
    await pipeline.queue.idle();
    expect(kindsOf(await outbox(leader.email))).toEqual(["outbid", "outbid"]);
  });
});

describe("notification settings", () => {
  const read = (actor: Actor) =>
    actor.call<NotificationSettings>({ method: "GET", path: "/api/me/notifications" });
  const write = (actor: Actor, body: unknown) =>
    actor.call<NotificationSettings & { message?: string }>({
      method: "PUT",
      path: "/api/me/notifications",
      body,
    });

  it("are all on by default, change with PUT, and refuse bad input with 400 changing nothing", async () => {
    const buyer = await user();
    // The alert choices (tests/integration/alerts/) keep their defaults through these PUTs.
    const alerts = {
      endingSoon: true,
      alertsForBidAuctions: false,
      push: { outbid: true, won: true, endingSoon: true },
      endingSoonMinutes: 5,
    };
    expect((await read(buyer)).body).toEqual({ outbid: true, won: true, marketing: true, ...alerts });

    const saved = await write(buyer, { outbid: false, won: true, marketing: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ outbid: false, won: true, marketing: false, ...alerts });
    expect((await read(buyer)).body).toEqual({ outbid: false, won: true, marketing: false, ...alerts });

    for (const bad of [
      { outbid: "no", won: true, marketing: true },
      { won: true, marketing: true },
      { outbid: true, won: true, marketing: true, receipts: false },
      { outbid: true, won: true, marketing: true, alertsForBidAuctions: "yes" },
      [],
    ]) {
      const res = await write(buyer, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await read(buyer)).body).toEqual({ outbid: false, won: true, marketing: false, ...alerts });
    expect((await invokeRoute({ method: "GET", path: "/api/me/notifications" })).status).toBe(401);
  });

  it("outbid off stops outbid emails but not receipts; won off stops won emails", async () => {
    const [seller, quiet, rival] = [await user("seller"), await user("buyer", 0), await user()];
    expect((await write(quiet, { outbid: false, won: false, marketing: true })).status).toBe(200);
    await buyBids(quiet);
    await auction(seller, [quiet, rival]);
    const won = await auction(seller, [quiet], { ended: true });
    await quiet.call({ method: "GET", path: `/api/auctions/${won.id}` });
    await settle();
    expect(kindsOf(await outbox(quiet.email))).toEqual(["bids_purchased"]);
  });
});

describe("GET /api/dev/outbox", () => {
  it("needs a valid address, and exists only on the local stack", async () => {
    expect((await invokeRoute({ method: "GET", path: "/api/dev/outbox?to=nope" })).status).toBe(400);
    const previous = process.env.LOCAL_STACK;
    process.env.LOCAL_STACK = "0";
    try {
      const res = await invokeRoute({ method: "GET", path: "/api/dev/outbox?to=a@example.com" });
      expect(res.status).toBe(404);
    } finally {
      process.env.LOCAL_STACK = previous;
    }
  });
});
