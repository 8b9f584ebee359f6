/**
 * Faults: DynamoDB throttling, transaction conflicts, timeouts and lost responses injected into the
 * handlers' own client (tests/support/faulty-dynamo.ts), and a WebSocket management API whose
 * connections are gone or broken. Bids and credit steps either succeed exactly once or answer 503 with
 * a clear message, and never leave partial state; the broadcaster reports only the record it could
 * not read and drops gone connections; a webhook refused during a fault is credited on redelivery, once.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BID_MESSAGES } from "#shared/bid-refusals";
import { BID_COST_CREDITS } from "#shared/constants";
import { listBids } from "../../../functions/adapters/dynamo/bids-repo.ts";
import { listConnectionIds, saveConnection } from "../../../functions/adapters/dynamo/connections-repo.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { MAX_BID_ATTEMPTS } from "../../../functions/usecases/bidding/place-bid.ts";
import { lambdaContext } from "../../../scripts/local/handlers.ts";
import {
  type FaultInjector,
  type FaultRule,
  injectDynamoFaults,
  touchesKey,
} from "../../support/faulty-dynamo.ts";
import {
  type Buyer,
  createIntent,
  deliverWebhook,
  purchaseItem,
  signedSucceededWebhook,
  signUpBuyer,
  verify,
} from "../payments/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { expectJsonMessage } from "./support/answers.ts";
import { readItem, sessionTouch, snapshotTable, unexpectedChanges } from "./support/table-snapshot.ts";
import { type Caller, liveAuction, signedInUser } from "./support/world.ts";

useFreshTable("proof-faults");

let faults: FaultInjector;
let seller: Caller;

beforeAll(async () => {
  const { seedBidPackages } = await import("../../../scripts/seed/bid-packages.ts");
  await seedBidPackages();
  seller = await signedInUser("seller");
  faults = injectDynamoFaults();
});
afterEach(() => {
  faults.clear();
  faults.reset();
});
afterAll(() => faults.remove());

const balanceOf = async (userId: string) => (await readItem(keys.user(userId)))?.bidBalance as number;
const auctionOf = async (auctionId: string) => (await readItem(keys.auction(auctionId)))!;
const bid = (who: Caller, auctionId: string) =>
  who.call({ method: "POST", path: `/api/auctions/${auctionId}/bid` });

/** A fresh auction and a buyer with 10 credits. */
async function scene() {
  const auctionId = await liveAuction(seller);
  const buyer = await signedInUser("buyer", undefined, 10);
  faults.reset(); // count only the attempts of what the test does next
  return { auctionId, buyer };
}

/** The bid was placed exactly once: one credit, one bid item numbered 1, the auction at bid 1. */
async function expectOneBid(auctionId: string, buyer: Caller) {
  expect(await balanceOf(buyer.id)).toBe(10 - BID_COST_CREDITS);
  const auction = await auctionOf(auctionId);
  expect(auction).toMatchObject({ totalBids: 1, priceCents: 101, lastBidderId: buyer.id });
  expect((await listBids(auctionId)).map((b) => [b.sequence, b.userId])).toEqual([[1, buyer.id]]);
}

/** Answers 503 with a message worth showing, a Retry-After, and the table as it was. */
async function expectUnavailableAndUnchanged(
  send: () => Promise<{ status: number; body: unknown; headers: Record<string, string> }>,
) {
  const before = await snapshotTable();
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expectJsonMessage(res as never, "503");
  expect((res.body as { message: string }).message).toMatch(/try again/i);
  expect(res.headers["retry-after"]).toBe("1");
  expect(unexpectedChanges(before, await snapshotTable(), [sessionTouch])).toEqual([]);
  return res;
}

describe("a bid under DynamoDB faults", () => {
  /** Injects a fault into the bid's transaction (the write that touches the auction). */
  const faultOnBidWrite = (rule: Omit<FaultRule, "command" | "match">) =>
    faults.add({ command: "TransactWriteItems", match: touchesKey("AUCTION#"), ...rule });

  for (const { title, fault, times } of [
    { fault: "throttle", times: 2, title: "throttled twice, is retried by the SDK and placed once" },
    {
      fault: "response-lost",
      times: 1,
      title:
        "whose response is lost after DynamoDB applied it, is retried idempotently: 200, one bid, one credit",
    },
  ] as const) {
    it(title, async () => {
      const { auctionId, buyer } = await scene();
      faultOnBidWrite({ fault, times });
      const res = await bid(buyer, auctionId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(faults.count("TransactWriteItems", fault)).toBe(times);
      expect(faults.count("TransactWriteItems")).toBe(times + 1);
      await expectOneBid(auctionId, buyer);
    });
  }

  it("throttled on every attempt, answers 503 and spends nothing", async () => {
    const { auctionId, buyer } = await scene();
    faultOnBidWrite({ fault: "throttle" });
    await expectUnavailableAndUnchanged(() => bid(buyer, auctionId));
    expect(faults.count("TransactWriteItems", "throttle")).toBeGreaterThanOrEqual(3);
    expect(await balanceOf(buyer.id)).toBe(10);
  });

  it("meeting a TransactionConflict three times, re-reads and retries, and is placed once", async () => {
    const { auctionId, buyer } = await scene();
    faultOnBidWrite({
      fault: "conflict",
      times: 3,
      conflictOn: (item) => !!item.Update?.Key?.pk?.S?.startsWith("AUCTION#"),
    });
    const res = await bid(buyer, auctionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(faults.count("TransactWriteItems")).toBe(4);
    await expectOneBid(auctionId, buyer);
  });

  it("losing every attempt to conflicts, answers 503 'So many bids…' and spends nothing", async () => {
    const { auctionId, buyer } = await scene();
    faultOnBidWrite({ fault: "conflict" });
    const res = await expectUnavailableAndUnchanged(() => bid(buyer, auctionId));
    expect((res.body as { message: string }).message).toBe(BID_MESSAGES.busy);
    expect(faults.count("TransactWriteItems")).toBe(MAX_BID_ATTEMPTS);
  });

  it("timing out on every attempt, answers 503 and spends nothing", async () => {
    const { auctionId, buyer } = await scene();
    faultOnBidWrite({ fault: "timeout" });
    await expectUnavailableAndUnchanged(() => bid(buyer, auctionId));
  });

  it("when the auction cannot be read (throttled), answers 503 and spends nothing", async () => {
    const { auctionId, buyer } = await scene();
    faults.add({ command: "GetItem", fault: "throttle", match: touchesKey("AUCTION#") });
    await expectUnavailableAndUnchanged(() => bid(buyer, auctionId));
  });

  it("when the session cannot be read, answers 503 (not 401: the user is still signed in)", async () => {
    const { auctionId, buyer } = await scene();
    faults.add({ command: "GetItem", fault: "server-error", match: touchesKey("SESSION#") });
    await expectUnavailableAndUnchanged(() => bid(buyer, auctionId));
    faults.clear();
    expect((await bid(buyer, auctionId)).status).toBe(200);
  });

  it("many bidders through random throttles, conflicts, timeouts and lost responses: the invariants hold", async () => {
    const auctionId = await liveAuction(seller);
    const bidders = await Promise.all(Array.from({ length: 6 }, () => signedInUser("buyer", undefined, 8)));
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // A request whose response was lost is left alone afterwards: if every retry failed too, the
    // bidder would get a 503 for a bid DynamoDB did place — true of any at-least-once API, not a bug.
    const lost = new WeakSet<object>();
    const onAuction = touchesKey("AUCTION#");
    faults.add({
      command: "TransactWriteItems",
      fault: "response-lost",
      match: (input) => onAuction(input) && !lost.has(input) && random() < 0.08 && !!lost.add(input),
    });
    for (const fault of ["throttle", "conflict", "timeout"] as const) {
      faults.add({
        command: "TransactWriteItems",
        fault,
        match: (input) => onAuction(input) && !lost.has(input) && random() < 0.08,
      });
    }
    faults.add({ command: "GetItem", fault: "throttle", match: () => random() < 0.05 });

    const statuses: number[] = [];
    await Promise.all(
      bidders.map(async (bidder) => {
        for (let i = 0; i < 6; i++) statuses.push((await bid(bidder, auctionId)).status);
      }),
    );
    faults.clear();
    expect(
      faults.attempts.some((a) => a.fault !== null),
      "some faults were injected",
    ).toBe(true);
    expect(
      new Set(statuses).size > 0 && statuses.every((s) => [200, 409, 503].includes(s)),
      `${statuses}`,
    ).toBe(true);

    const auction = await auctionOf(auctionId);
    const bids = await listBids(auctionId);
    const spent = (await Promise.all(bidders.map((b) => balanceOf(b.id)))).reduce(
      (sum, left) => sum + (8 - left),
      0,
    );
    const accepted = statuses.filter((s) => s === 200).length;
    expect(bids.map((b) => b.sequence)).toEqual(Array.from({ length: bids.length }, (_, i) => i + 1));
    expect(auction.totalBids).toBe(bids.length);
    expect(spent).toBe(bids.length);
    // A lost response the SDK retried idempotently is still one 200; nothing is accepted twice or silently.
    expect(accepted).toBe(bids.length);
    expect(auction.priceCents).toBe(100 + bids.length);
    expect(auction.lastBidderId).toBe(bids.at(-1)?.userId);
  }, 60_000);
});

async function paidIntent(buyer: Buyer) {
  const created = await createIntent(buyer, { packageId: "starter" });
  expect(created.status).toBe(200);
  expect(await markLocalPaymentIntentSucceeded(created.body.paymentIntentId)).toBe(true);
  return (await localPaymentGateway().retrievePaymentIntent(created.body.paymentIntentId))!;
}

describe("the credit step under DynamoDB faults", () => {
  it("a webhook delivered during a database fault is refused (503, nothing written) and credited once on redelivery", async () => {
    const buyer = await signUpBuyer(3);
    const intent = await paidIntent(buyer);
    const webhook = signedSucceededWebhook(intent);
    faults.add({ command: "TransactWriteItems", fault: "throttle", match: touchesKey("PURCHASE#") });
    await expectUnavailableAndUnchanged(() => deliverWebhook(webhook));
    expect(await purchaseItem(intent.id)).toBeUndefined();

    faults.clear();
    for (let delivery = 0; delivery < 3; delivery++) expect((await deliverWebhook(webhook)).status).toBe(200);
    expect(await buyer.balance()).toBe(3 + 50);
    expect(await purchaseItem(intent.id)).toMatchObject({ userId: buyer.id, bidCount: 50 });
  });

  for (const { title, fault, times } of [
    {
      fault: "response-lost",
      times: 1,
      title: "a lost response on the credit transaction still credits exactly once",
    },
    {
      fault: "conflict",
      times: 2,
      title: "a TransactionConflict on the credit transaction is retried and credits once",
    },
  ] as const) {
    it(title, async () => {
      const buyer = await signUpBuyer(0);
      const intent = await paidIntent(buyer);
      faults.add({ command: "TransactWriteItems", fault, times, match: touchesKey("PURCHASE#") });
      expect((await deliverWebhook(signedSucceededWebhook(intent))).status).toBe(200);
      expect(faults.count("TransactWriteItems", fault)).toBe(times);
      expect(await buyer.balance()).toBe(50);
      // Delivered again, it credits nothing more.
      expect((await deliverWebhook(signedSucceededWebhook(intent))).status).toBe(200);
      expect(await buyer.balance()).toBe(50);
    });
  }

  it("verify during a timeout answers 503; the next verify and a racing webhook credit once", async () => {
    const buyer = await signUpBuyer(1);
    const intent = await paidIntent(buyer);
    faults.add({ command: "TransactWriteItems", fault: "timeout", match: touchesKey("PURCHASE#") });
    await expectUnavailableAndUnchanged(() => verify(buyer, intent.id));
    faults.clear();
    const [v, w] = await Promise.all([
      verify(buyer, intent.id),
      deliverWebhook(signedSucceededWebhook(intent)),
    ]);
    expect([v.status, w.status]).toEqual([200, 200]);
    expect(v.body).toMatchObject({ status: "succeeded", bidBalance: 51, bidCount: 50 });
    expect(await buyer.balance()).toBe(51);
  });
});

// ---------------------------------------------------------------------------------------------
// The broadcaster, against a management API whose connections are live, gone (410) or broken (500).

interface ManagementApi {
  url: string;
  /** Bodies received per connection id. */
  received: Map<string, unknown[]>;
  close(): Promise<void>;
}

async function fakeManagementApi(
  behaviour: (connectionId: string) => 200 | 410 | 500,
): Promise<ManagementApi> {
  const received = new Map<string, unknown[]>();
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
  const server: Server = createServer(async (req, res) => {
    const id = decodeURIComponent((req.url ?? "").split("/@connections/")[1] ?? "");
    const body = await readBody(req);
    const status = behaviour(id);
    if (status === 200) received.set(id, [...(received.get(id) ?? []), JSON.parse(body)]);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(status === 200 ? "" : JSON.stringify({ message: status === 410 ? "GoneException" : "Internal" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function streamRecord(sequence: string, oldImage?: object, newImage?: object): DynamoDBRecord {
  return {
    eventID: `event-${sequence}`,
    eventName: "MODIFY",
    eventSource: "aws:dynamodb",
    awsRegion: "us-east-1",
    dynamodb: {
      SequenceNumber: sequence,
      StreamViewType: "NEW_AND_OLD_IMAGES",
      ...(oldImage ? { OldImage: oldImage as never } : {}),
      ...(newImage ? { NewImage: newImage as never } : {}),
    },
  };
}

describe("the broadcaster", () => {
  let api: ManagementApi;
  let broadcast: (
    event: DynamoDBStreamEvent,
    context: unknown,
  ) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;
  const kind = (id: string) => (id.startsWith("gone") ? 410 : id.startsWith("broken") ? 500 : 200);

  beforeAll(async () => {
    api = await fakeManagementApi(kind);
    // The publisher reads its endpoint when first imported, as a Lambda container does.
    process.env.WS_MANAGEMENT_ENDPOINT = api.url;
    broadcast = (await import("../../../functions/handlers/realtime/broadcaster.ts")).handler as never;
  });
  afterAll(async () => {
    await api.close();
    delete process.env.WS_MANAGEMENT_ENDPOINT;
  });

  /** A bid_placed record of a real auction (its images before and after a bid), and the auction id. */
  async function bidRecord(sequence: string) {
    const { auctionId, buyer } = await scene();
    const before = await auctionOf(auctionId);
    expect((await bid(buyer, auctionId)).status).toBe(200);
    const after = await auctionOf(auctionId);
    return { auctionId, record: streamRecord(sequence, marshall(before), marshall(after)), buyer };
  }

  it("delivers to live connections, deletes gone ones, keeps going past a broken one, and reports only the unreadable record", async () => {
    const now = Date.now();
    const ids = ["live-a", "live-b", "gone-a", "gone-b", "broken-a"].map(
      (p) => `${p}-${crypto.randomUUID()}`,
    );
    for (const connectionId of ids) await saveConnection({ connectionId, now });
    const { auctionId, record, buyer } = await bidRecord("200");
    const unreadable = streamRecord(
      "300",
      { pk: { S: "AUCTION#x" }, sk: { S: "STATE" } },
      {
        pk: { S: "AUCTION#x" },
        sk: { S: "STATE" },
        totalBids: { Z: "not a DynamoDB type" },
      },
    );
    const unrelated = streamRecord(
      "400",
      marshall({ pk: "USER#u", sk: "PROFILE", bidBalance: 2 }),
      marshall({ pk: "USER#u", sk: "PROFILE", bidBalance: 1 }),
    );

    const result = await broadcast(
      { Records: [unreadable, record, unrelated] },
      lambdaContext("realtime/broadcaster"),
    );

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: "300" }]);
    for (const id of ids.filter((i) => i.startsWith("live"))) {
      expect(api.received.get(id)).toEqual([
        expect.objectContaining({
          type: "bid_placed",
          auctionId,
          totalBids: 1,
          currentPrice: "1.01",
          lastBidder: {
            username: buyer.username,
            memberSince: expect.stringMatching(/^\d{4}-\d{2}$/),
            isNew: true,
          },
        }),
      ]);
    }
    const remaining = new Set(await listConnectionIds(Date.now()));
    expect(ids.filter((i) => remaining.has(i)).sort()).toEqual(
      ids.filter((i) => !i.startsWith("gone")).sort(),
    );
  });

  it("a database fault while listing connections fails the batch, so the stream delivers it again", async () => {
    const liveId = `live-c-${crypto.randomUUID()}`;
    await saveConnection({ connectionId: liveId, now: Date.now() });
    const { auctionId, record } = await bidRecord("500");
    faults.add({ command: "Query", fault: "throttle" });
    await expect(broadcast({ Records: [record] }, lambdaContext("realtime/broadcaster"))).rejects.toThrow();
    expect(api.received.get(liveId)).toBeUndefined();
    faults.clear();
    const redelivered = await broadcast({ Records: [record] }, lambdaContext("realtime/broadcaster"));
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(api.received.get(liveId)).toEqual([expect.objectContaining({ type: "bid_placed", auctionId })]);
  });
});
