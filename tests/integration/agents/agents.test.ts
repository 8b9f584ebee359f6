import { describe, expect, it } from "vitest";
import type { AgentView } from "#shared/schemas/agents";
import type { AuctionDetail, AuctionSummary } from "#shared/schemas/auctions";
import type { AuctionLedger } from "#shared/schemas/ledger";
import { installAgentQueue } from "../../../functions/adapters/agents/queue-from-env.ts";
import { listBids } from "../../../functions/adapters/dynamo/bids-repo.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { verifyLedger } from "../../../functions/domain/bid-ledger.ts";
import { runAgentCheck, settleAgents } from "../../../functions/usecases/agents/run-agents.ts";
import { closeAuction } from "../../../functions/usecases/auctions/close-auction.ts";
import { injectDynamoFaults } from "../../support/faulty-dynamo.ts";
import { anonymous, bidOn, getItem, liveAuction, type TestUser, testUser } from "../auctions/fixtures.ts";
import { THROTTLED_SELF_EXCLUSION_READ, useLocalAgentQueue } from "../support/agents.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { setAttributes } from "../support/raw-table.ts";

useFreshTable("bid-agents");

const agentQueue = useLocalAgentQueue();

const book = (user: TestUser, auctionId: string, body: unknown) =>
  user.call<AgentView & { message?: string }>({
    method: "PUT",
    path: `/api/auctions/${auctionId}/agent`,
    body,
  });
const readAgent = (user: TestUser, auctionId: string) =>
  user.call<AgentView & { message?: string }>({ method: "GET", path: `/api/auctions/${auctionId}/agent` });
const cancel = (user: TestUser, auctionId: string) =>
  user.call<{ returned: number; message?: string }>({
    method: "DELETE",
    path: `/api/auctions/${auctionId}/agent`,
  });
const balanceOf = async (user: TestUser) => (await getItem(keys.user(user.id)))?.bidBalance as number;
const detail = (id: string) => anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${id}` });

describe("booking a Bid Agent", () => {
  it("takes the credits at once, replaces on a second booking, returns the rest on cancel", async () => {
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 20);

    const booked = await book(buyer, auction.id, { bids: 8, maxPrice: "12.34" });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({
      auctionId: auction.id,
      bidsBooked: 8,
      bidsLeft: 8,
      maxPrice: "12.34",
      status: "active",
    });
    expect(await balanceOf(buyer)).toBe(12);
    const me = await buyer.call<{ bidBalance: number }>({ method: "GET", path: "/api/auth/me" });
    expect(me.body.bidBalance).toBe(12);

    expect((await book(buyer, auction.id, { bids: 10 })).body).toMatchObject({
      bidsLeft: 10,
      maxPrice: null,
    });
    expect(await balanceOf(buyer)).toBe(10);
    expect((await book(buyer, auction.id, { bids: 3, maxPrice: 9 })).body).toMatchObject({
      bidsLeft: 3,
      maxPrice: "9.00",
    });
    expect(await balanceOf(buyer)).toBe(17);

    expect((await readAgent(buyer, auction.id)).body).toMatchObject({ bidsLeft: 3, status: "active" });
    expect((await detail(auction.id)).body.activeAgents).toBe(1);
    const list = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(list.body.find((a) => a.id === auction.id)?.activeAgents).toBe(1);

    expect((await cancel(buyer, auction.id)).body).toEqual({ returned: 3 });
    expect(await balanceOf(buyer)).toBe(20);
    expect((await readAgent(buyer, auction.id)).body).toMatchObject({
      status: "cancelled",
      bidsLeft: 0,
      stopReason: "cancelled",
    });
    expect((await detail(auction.id)).body.activeAgents).toBe(0);
    // A second cancel returns nothing more.
    expect((await cancel(buyer, auction.id)).body).toEqual({ returned: 0 });
    expect(await balanceOf(buyer)).toBe(20);
  });

  it("refuses with the manual bid's rules and messages, and changes nothing", async () => {
    const { auction, seller } = await liveAuction();
    const poor = await testUser("buyer", 2);
    const admin = await testUser("admin", 50);

    expect(await book(poor, "no-such-auction", { bids: 1 })).toMatchObject({
      status: 404,
      body: { message: "Auction not found" },
    });
    expect(await book(poor, auction.id, { bids: 3 })).toMatchObject({
      status: 402,
      body: { message: "Insufficient bid credits" },
    });
    expect(await book(seller, auction.id, { bids: 1 })).toMatchObject({
      status: 403,
      body: { message: "You cannot bid on your own items" },
    });
    expect(await book(admin, auction.id, { bids: 1 })).toMatchObject({
      status: 403,
      body: { message: "Staff accounts cannot bid" },
    });
    for (const body of [
      {},
      { bids: 0 },
      { bids: 501 },
      { bids: 2.5 },
      { bids: "3" },
      { bids: 1, maxPrice: "abc" },
      { bids: 1, maxPrice: -1 },
    ]) {
      expect((await book(poor, auction.id, body)).status).toBe(400);
    }
    expect(await book(poor, auction.id, { bids: 1, maxPrice: "0.50" })).toMatchObject({
      status: 400,
      body: { message: "Max price must be above the current price" },
    });
    expect(await balanceOf(poor)).toBe(2);
    // No agent is an ordinary state: 200 with null, never a failed request.
    expect(await readAgent(poor, auction.id)).toMatchObject({ status: 200, body: null });
    expect((await cancel(poor, auction.id)).status).toBe(404);
    expect((await detail(auction.id)).body.activeAgents).toBe(0);

    const ended = await liveAuction({ durationSeconds: 30 });
    moveClockPast(ended.auction.endsAt);
    expect(await book(poor, ended.auction.id, { bids: 1 })).toMatchObject({
      status: 400,
      body: { message: "Auction has ended" },
    });
    expect(await balanceOf(poor)).toBe(2);
  });
});

/** Asserts the outcome of an auction where agents and people bid: credits, order, end, ledger. */
async function expectFairOutcome(auctionId: string, users: { user: TestUser; start: number }[]) {
  // Once the engine is idle nothing moves the end any more; the first read after it finishes the auction.
  moveClockPast((await getItem(keys.auction(auctionId)))?.endsAt as number);
  await detail(auctionId);
  const auction = await getItem(keys.auction(auctionId));
  const bids = await listBids(auctionId);
  expect(auction?.status).toBe("won");
  expect(auction?.winnerId).toBe(bids.at(-1)?.userId);
  expect(bids.map((b) => b.sequence)).toEqual(bids.map((_, i) => i + 1));
  for (let i = 1; i < bids.length; i++) expect(bids[i]!.userId).not.toBe(bids[i - 1]!.userId);
  for (const bid of bids) expect(Date.parse(bid.createdAt)).toBeLessThan(auction?.endsAt as number);
  // Every credit that left a balance became a bid; every other one came back.
  for (const { user, start } of users) {
    const placed = bids.filter((b) => b.userId === user.id).length;
    expect(start - (await balanceOf(user))).toBe(placed);
  }
  expect(auction?.activeAgents).toBe(0);
  const ledger = (
    await anonymous<AuctionLedger>({ method: "GET", path: `/api/auctions/${auctionId}/ledger` })
  ).body;
  expect(ledger.entries.length).toBe(bids.length);
  return { auction, bids, ledger };
}

describe("the engine", () => {
  it("three agents with small budgets fight it out: one winner, every credit spent or returned, never twice in a row", async () => {
    // The bidders exist before the auction's 3 s start to run, so its time goes to the bidding.
    const users = await Promise.all([5, 5, 5].map((credits) => testUser("buyer", credits)));
    const { auction } = await liveAuction({ durationSeconds: 3, extensionSeconds: 2 });
    const budgets = [2, 3, 4];
    for (const [i, user] of users.entries()) {
      expect((await book(user, auction.id, { bids: budgets[i] })).status).toBe(200);
    }
    expect((await detail(auction.id)).body.activeAgents).toBe(3);

    await agentQueue().idle();
    const { bids } = await expectFairOutcome(
      auction.id,
      users.map((user) => ({ user, start: 5 })),
    );
    expect(bids.every((b) => b.auto)).toBe(true);
    // Agents bid until only one has credits left: at least the two smaller budgets are spent.
    expect(bids.length).toBeGreaterThanOrEqual(2 + 3);
    for (const user of users) {
      const agent = (await readAgent(user, auction.id)).body;
      expect(agent.status).toBe("finished");
      expect(agent.bidsLeft).toBe(0);
    }
    const view = (await detail(auction.id)).body;
    expect(view.bids.every((b) => b.auto === true)).toBe(true);
  }, 60_000);

  it("answers manual bidders inside the window and stops at its max price", async () => {
    const [robot, human] = [await testUser("buyer", 10), await testUser("buyer", 10)];
    const { auction } = await liveAuction({
      durationSeconds: 2,
      extensionSeconds: 2,
      startingPriceCents: 100,
    });
    expect((await book(robot, auction.id, { bids: 10, maxPrice: "1.03" })).status).toBe(200);
    expect((await bidOn(human, auction.id)).status).toBe(200); // price 1.01

    // The agent answers (1.02); the human bids again (1.03); the agent may not go above 1.03.
    await expect.poll(async () => (await getItem(keys.auction(auction.id)))?.totalBids).toBe(2);
    expect((await getItem(keys.auction(auction.id)))?.lastBidderId).toBe(robot.id);
    expect((await bidOn(human, auction.id)).status).toBe(200);

    await agentQueue().idle();
    const { bids } = await expectFairOutcome(auction.id, [
      { user: robot, start: 10 },
      { user: human, start: 10 },
    ]);
    expect(bids.map((b) => [b.username, b.amountCents, b.auto])).toEqual([
      [human.username, 101, false],
      [robot.username, 102, true],
      [human.username, 103, false],
    ]);
    const agent = (await readAgent(robot, auction.id)).body;
    expect(agent).toMatchObject({ status: "finished", stopReason: "max-price", bidsPlaced: 1, returned: 9 });
  }, 30_000);

  it("resumes from the table after a restart that lost every pending check", async () => {
    const [a, b] = [await testUser("buyer", 5), await testUser("buyer", 5)];
    const { auction } = await liveAuction({ durationSeconds: 2, extensionSeconds: 2 });
    for (const user of [a, b]) expect((await book(user, auction.id, { bids: 2 })).status).toBe(200);
    agentQueue().dropPending(); // the engine dies with its timers
    expect(agentQueue().pending()).toBe(0);

    await agentQueue().sweep(); // a new engine, the table its only memory
    await agentQueue().idle();
    const { bids } = await expectFairOutcome(auction.id, [
      { user: a, start: 5 },
      { user: b, start: 5 },
    ]);
    expect(bids.length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it("gives unused credits back exactly once however often the end is processed", async () => {
    const { auction } = await liveAuction({ durationSeconds: 30 });
    const [a, b] = [await testUser("buyer", 10), await testUser("buyer", 10)];
    // The agents could only bid inside the window; no queue runs here, so they hold every credit.
    installAgentQueue(null);
    expect((await book(a, auction.id, { bids: 4 })).status).toBe(200);
    expect((await book(b, auction.id, { bids: 6 })).status).toBe(200);
    expect(await balanceOf(a)).toBe(6);
    moveClockPast(auction.endsAt);

    await Promise.all([
      closeAuction(auction.id, Date.now(), { scheduleEnd: async () => {} }),
      closeAuction(auction.id, Date.now(), { scheduleEnd: async () => {} }),
      runAgentCheck({ auctionId: auction.id, seenTotalBids: 0 }, Date.now()),
      settleAgents(auction.id, Date.now()),
    ]);
    await closeAuction(auction.id, Date.now(), { scheduleEnd: async () => {} });
    expect(await balanceOf(a)).toBe(10);
    expect(await balanceOf(b)).toBe(10);
    expect((await readAgent(a, auction.id)).body).toMatchObject({
      status: "finished",
      stopReason: "auction-ended",
      returned: 4,
    });
    expect((await getItem(keys.auction(auction.id)))?.activeAgents).toBe(0);
  }, 30_000);

  it("never bids for a user who could not bid by hand", async () => {
    const user = await testUser("buyer", 5);
    const { auction } = await liveAuction({ durationSeconds: 2, extensionSeconds: 2 });
    expect((await book(user, auction.id, { bids: 3 })).status).toBe(200);
    // The account became staff after booking: the engine must not bid for it.
    await setAttributes(keys.user(user.id), { role: "admin" });
    await agentQueue().idle();
    expect(await listBids(auction.id)).toEqual([]);
    expect(await balanceOf(user)).toBe(5);
    expect((await readAgent(user, auction.id)).body).toMatchObject({
      status: "cancelled",
      stopReason: "user-refused",
    });
  }, 30_000);
});

describe("a faulty table under the engine", () => {
  it("a throttled read of the user's standing fails the check (the queue delivers it again) and leaves the agent to bid", async () => {
    installAgentQueue(null); // checks run by hand, at a moment inside the window
    const { auction } = await liveAuction();
    const user = await testUser("buyer", 5);
    expect((await book(user, auction.id, { bids: 3 })).status).toBe(200);
    const insideWindow = auction.endsAt - 1000;
    const check = { auctionId: auction.id, seenTotalBids: 0 };

    const faults = injectDynamoFaults();
    try {
      // Every attempt at the self-exclusion read is throttled, the SDK's retries included.
      faults.add(THROTTLED_SELF_EXCLUSION_READ);
      await expect(runAgentCheck(check, insideWindow)).rejects.toThrow(/throughput/);
      expect(faults.count("GetItem", "throttle")).toBeGreaterThan(1);
    } finally {
      faults.remove();
    }
    expect((await readAgent(user, auction.id)).body).toMatchObject({ status: "active", bidsLeft: 3 });
    expect(await balanceOf(user)).toBe(2);

    // The redelivered check finds the table well again: the agent bids.
    expect(await runAgentCheck(check, insideWindow)).toBe("bid");
    expect((await readAgent(user, auction.id)).body).toMatchObject({ status: "active", bidsLeft: 2 });
    expect((await listBids(auction.id)).map((b) => [b.username, b.auto])).toEqual([[user.username, true]]);
  }, 30_000);
});

describe("the ledger of an agent war", () => {
  it("marks agent bids auto and still verifies", async () => {
    const [a, b] = [await testUser("buyer", 3), await testUser("buyer", 3)];
    const { auction } = await liveAuction({ durationSeconds: 2, extensionSeconds: 2 });
    for (const user of [a, b]) expect((await book(user, auction.id, { bids: 2 })).status).toBe(200);
    await agentQueue().idle();
    const { ledger, bids } = await expectFairOutcome(auction.id, [
      { user: a, start: 3 },
      { user: b, start: 3 },
    ]);
    expect(ledger.entries.every((e) => e.auto)).toBe(true);
    const check = verifyLedger(
      { auctionId: auction.id, startingPriceCents: 50, startedAtMs: Date.parse(ledger.genesis.startedAt) },
      bids.map((bid) => ({
        n: bid.sequence,
        username: bid.username,
        amountCents: bid.amountCents,
        atMs: Date.parse(bid.createdAt),
        auto: true,
        hash: bid.hash!,
      })),
      ledger.head,
    );
    expect(check.ok).toBe(true);
  }, 30_000);
});
