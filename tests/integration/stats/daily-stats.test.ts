import { marshall } from "@aws-sdk/util-dynamodb";
import type { AttributeValue, DynamoDBRecord } from "aws-lambda";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_CARDS } from "#shared/payments";
import type { CreatePaymentIntentResponse } from "#shared/schemas/payments";
import type { AdminDailyStats, SellerDailyStats } from "#shared/schemas/stats";
import { installEmailQueue } from "../../../functions/adapters/email/email-queue.ts";
import type { EmailEvent } from "../../../functions/domain/notifications.ts";
import { eventHandlers } from "../../../functions/routes.ts";
import { invoke } from "../../../scripts/local/handlers.ts";
import { type StreamPoller, startStreamPoller } from "../../../scripts/local/stream-poller.ts";
import { anonymous } from "../admin/fixtures.ts";
import { auctionWithBids, orderAsWinner, payOrder, signUp, type TestUser } from "../orders/fixtures.ts";
import { storeBidPackage } from "../payments/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("daily-stats");
// The real stream poller feeds the real table-changes consumer (emails and stats), as `npm run dev` does.
// No gateway: its scheduler would close the test's already-over auction before the winner's bids are
// placed. Its email events go to a queue that keeps them (failing on demand), not to the sender.
let poller: StreamPoller;
const queued: EmailEvent[] = [];
let queueFailures = 0;
beforeAll(async () => {
  installEmailQueue({
    async enqueue(events) {
      if (queueFailures > 0) {
        queueFailures--;
        throw new Error("SQS is down");
      }
      queued.push(...events);
    },
  });
  poller = await startStreamPoller({
    endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
    tableName: process.env.TABLE_NAME!,
    targets: [eventHandlers.tableChanges],
  });
});
afterAll(async () => {
  await poller?.stop();
  installEmailQueue(null);
});

const today = () => new Date().toISOString().slice(0, 10);

// The figures are per UTC day and each test reads "today" before and after its writes: a test that
// straddles midnight would compare two days. Each takes seconds, so one that would start in the last
// three minutes of a day starts just after midnight instead (a CI run once failed at 23:59).
const MIDNIGHT_MARGIN_MS = 3 * 60_000;
beforeEach(async () => {
  const now = Date.now();
  const untilMidnight = 86_400_000 - (now % 86_400_000);
  if (untilMidnight < MIDNIGHT_MARGIN_MS) await new Promise((r) => setTimeout(r, untilMidnight + 1_000));
}, MIDNIGHT_MARGIN_MS + 60_000);

async function adminStats(admin: TestUser, days = 30) {
  const res = await admin.call<AdminDailyStats>({
    method: "GET",
    path: `/api/admin/stats/daily?days=${days}`,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function sellerStats(seller: TestUser) {
  const res = await seller.call<SellerDailyStats>({ method: "GET", path: "/api/seller/stats/daily" });
  expect(res.status).toBe(200);
  return res.body;
}

const todayOf = <T extends { date: string }>(stats: { days: T[] }) =>
  stats.days.find((d) => d.date === today())!;

async function settle() {
  // Twice: a record written while a pass was under way is delivered by the next one.
  await poller.drain();
  await poller.drain();
}

let admin: TestUser;

beforeAll(async () => {
  admin = await signUp("admin");
});

describe("the aggregates, from the table's stream", () => {
  it("counts bids, distinct bidders, a won auction, a purchase, a paid and a shipped order once each", async () => {
    const seller = await signUp("seller");
    const first = await signUp("buyer", 10);
    const second = await signUp("buyer", 10);

    // Three bids by two bidders; `first` bids last and wins.
    const auction = await auctionWithBids({
      seller,
      bidders: [first, second, first],
      startingPriceCents: 500,
    });
    // The winner's order finalizes the auction (won), is paid, then shipped.
    const order = await orderAsWinner(first, auction.id);
    expect(order.status).toBe(200);
    await payOrder(first, order.body.id);
    const shipped = await seller.call({
      method: "PATCH",
      path: `/api/orders/${order.body.id}/shipping`,
      body: { status: "shipped", trackingNumber: "1Z999" },
    });
    expect(shipped.status).toBe(200);

    // A bid package bought and credited.
    const packageId = crypto.randomUUID();
    await storeBidPackage({ id: packageId, name: "Starter", bidCount: 10, priceCents: 1250, savings: 0 });
    const bought = await second.call<CreatePaymentIntentResponse>({
      method: "POST",
      path: "/api/create-payment-intent",
      body: { packageId },
    });
    const credited = await second.call({
      method: "POST",
      path: `/api/dev/payments/${bought.body.paymentIntentId}/confirm`,
      body: { cardNumber: TEST_CARDS.succeeds },
    });
    expect(credited.status).toBe(200);

    await settle();
    const platform = await adminStats(admin);
    expect(platform.days).toHaveLength(30);
    expect(platform.days.at(-1)!.date).toBe(today());
    expect(todayOf(platform)).toEqual({
      date: today(),
      bids: 3,
      activeBidders: 2,
      auctionsWon: 1,
      bidPackagesSold: 1,
      bidPackageRevenue: "12.50",
    });
    expect(platform.hours).toHaveLength(48);
    expect(platform.hours.reduce((sum, h) => sum + h.bids, 0)).toBe(3);

    const mine = await sellerStats(seller);
    expect(todayOf(mine)).toEqual({ date: today(), sales: 1, salesValue: "5.03", itemsShipped: 1 });
    // Another seller's numbers are their own.
    const other = await signUp("seller");
    expect(todayOf(await sellerStats(other))).toEqual({
      date: today(),
      sales: 0,
      salesValue: "0.00",
      itemsShipped: 0,
    });

    // Nothing moves twice: more passes of the poller, and reads, change nothing.
    await settle();
    expect(todayOf(await adminStats(admin))).toEqual(todayOf(platform));
  });

  it("counts a redelivered batch once, and a second bid of the same bidder that day not as a new bidder", async () => {
    const before = todayOf(await adminStats(admin));
    const userId = crypto.randomUUID();
    const now = new Date().toISOString();
    const record = (eventID: string, item: Record<string, unknown>): DynamoDBRecord => ({
      eventID,
      eventName: "INSERT",
      eventSource: "aws:dynamodb",
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
        NewImage: marshall(item) as Record<string, AttributeValue>,
      },
    });
    const bid = (n: number) => ({
      pk: `BIDS#${crypto.randomUUID()}`,
      sk: `BID#000000000${n}`,
      type: "bid",
      userId,
      username: "redelivered",
      amountCents: 501,
      sequence: n,
      createdAt: now,
      auctionId: "a",
    });
    const purchase = {
      pk: `PURCHASE#pi_${crypto.randomUUID()}`,
      sk: "PURCHASE",
      type: "bidPurchase",
      userId,
      amountCents: 999,
      bidCount: 20,
      createdAt: now,
    };
    const batch = {
      Records: [
        record(`ev-${crypto.randomUUID()}`, bid(1)),
        record(`ev-${crypto.randomUUID()}`, bid(2)),
        record(`ev-${crypto.randomUUID()}`, purchase),
      ],
    };
    for (let delivery = 0; delivery < 3; delivery++) {
      const result = (await invoke(eventHandlers.tableChanges, batch)) as { batchItemFailures: unknown[] };
      expect(result.batchItemFailures).toEqual([]);
    }
    const after = todayOf(await adminStats(admin));
    expect(after.bids - before.bids).toBe(2);
    expect(after.activeBidders - before.activeBidders).toBe(1);
    expect(after.bidPackagesSold - before.bidPackagesSold).toBe(1);
    expect(Number(after.bidPackageRevenue) - Number(before.bidPackageRevenue)).toBeCloseTo(9.99);
  });
  it("reports a record whose emails could not be queued, and counts it once when it comes again", async () => {
    const before = todayOf(await adminStats(admin));
    const userId = crypto.randomUUID();
    const purchase = {
      pk: `PURCHASE#pi_${crypto.randomUUID()}`,
      sk: "PURCHASE",
      type: "bidPurchase",
      id: `pi_${crypto.randomUUID()}`,
      userId,
      amountCents: 1500,
      bidCount: 30,
      createdAt: new Date().toISOString(),
    };
    const bid = {
      pk: `BIDS#${crypto.randomUUID()}`,
      sk: "BID#0000000001",
      type: "bid",
      userId,
      username: "queue-down",
      amountCents: 501,
      sequence: 1,
      createdAt: new Date().toISOString(),
      auctionId: "a",
    };
    const record = (sequenceNumber: string, item: Record<string, unknown>): DynamoDBRecord => ({
      eventID: `ev-${crypto.randomUUID()}`,
      eventName: "INSERT",
      eventSource: "aws:dynamodb",
      dynamodb: {
        SequenceNumber: sequenceNumber,
        ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
        NewImage: marshall(item) as Record<string, AttributeValue>,
      },
    });
    // A bid (no email) beside the purchase: a batch whose every record fails is retried whole.
    const batch = { Records: [record("100", purchase), record("101", bid)] };
    queueFailures = 1;
    const failed = (await invoke(eventHandlers.tableChanges, batch)) as { batchItemFailures: unknown[] };
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: "100" }]);
    const redelivered = (await invoke(eventHandlers.tableChanges, batch)) as { batchItemFailures: unknown[] };
    expect(redelivered.batchItemFailures).toEqual([]);

    const after = todayOf(await adminStats(admin));
    expect(after.bidPackagesSold - before.bidPackagesSold).toBe(1);
    expect(Number(after.bidPackageRevenue) - Number(before.bidPackageRevenue)).toBeCloseTo(15);
    expect(after.bids - before.bids).toBe(1);
    expect(
      queued.filter((e) => "userId" in e.recipient && e.recipient.userId === userId).map((e) => e.kind),
    ).toEqual(["bids_purchased"]);
  });
});

describe("GET /api/admin/stats/daily and GET /api/seller/stats/daily", () => {
  it("answer admins and sellers respectively; others 401 or 403", async () => {
    const buyer = await signUp("buyer");
    const seller = await signUp("seller");
    expect((await anonymous({ method: "GET", path: "/api/admin/stats/daily" })).status).toBe(401);
    expect((await buyer.call({ method: "GET", path: "/api/admin/stats/daily" })).status).toBe(403);
    expect((await seller.call({ method: "GET", path: "/api/admin/stats/daily" })).status).toBe(403);
    expect((await anonymous({ method: "GET", path: "/api/seller/stats/daily" })).status).toBe(401);
    expect((await buyer.call({ method: "GET", path: "/api/seller/stats/daily" })).status).toBe(403);
    expect((await admin.call({ method: "GET", path: "/api/seller/stats/daily" })).status).toBe(403);
  });

  it("take days from 1 to 90 (default 30) and refuse anything else with 400", async () => {
    const seller = await signUp("seller");
    expect((await adminStats(admin, 1)).days).toHaveLength(1);
    expect((await adminStats(admin, 90)).days).toHaveLength(90);
    expect((await sellerStats(seller)).days).toHaveLength(30);
    for (const days of ["0", "91", "-1", "1.5", "abc", ""]) {
      for (const [user, path] of [
        [admin, "/api/admin/stats/daily"],
        [seller, "/api/seller/stats/daily"],
      ] as const) {
        const res = await user.call<{ message: string }>({ method: "GET", path: `${path}?days=${days}` });
        expect(res.status, `${path}?days=${days}`).toBe(400);
        expect(res.body.message).toBe("days: days must be a whole number from 1 to 90");
      }
    }
  });
});
