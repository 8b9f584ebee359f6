/**
 * Locked auctions through the real handlers: the admin sets the lock price at approval, the bid that
 * reaches it locks the auction in its own transaction, and from then on only users who bid before may
 * bid, by hand or by Bid Agent.
 */
import { describe, expect, it, vi } from "vitest";
import type { AgentView } from "#shared/schemas/agents";
import type { AuctionDetail, AuctionSummary } from "#shared/schemas/auctions";
import type { LedgerPage } from "#shared/schemas/ledger";
import type { ProductView } from "#shared/schemas/seller";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { auctionIdForProduct } from "../../../functions/usecases/auctions/start-auction.ts";
import { sweepPaymentDeadlines } from "../../../functions/usecases/orders/payment-deadlines.ts";
import { checkLedgerDocument } from "../../../scripts/ledger/check-document.ts";
import { approvedSeller, signUp, submittedProduct, wonProduct } from "../admin/fixtures.ts";
import { anonymous, bidOn, getItem, type TestUser, testUser } from "../auctions/fixtures.ts";
import { useLocalAgentQueue } from "../support/agents.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("locked-auctions");

// Booked agents run as the deployed queue would make them.
useLocalAgentQueue();

const LOCKED_OUT = "This auction is locked: only bidders who bid before it locked can bid";

/** A product at $0.50 approved by the admin with `body` (the lock price among it). */
async function approveWith(body: Record<string, unknown>) {
  const admin = await signUp("admin");
  const seller = await approvedSeller(admin);
  const product = await submittedProduct(seller, { startingPrice: "0.50" });
  const approved = await admin.call<ProductView & { message?: string; issues?: unknown }>({
    method: "POST",
    path: `/api/admin/products/${product.id}/approve`,
    body: { durationSeconds: 600, ...body },
  });
  return { approved, product };
}

/** An auction at $0.50 that locks at $0.53: the third bid locks it. */
async function lockingAuction(): Promise<string> {
  const { approved } = await approveWith({ lockAtPrice: "0.53" });
  expect(approved.status).toBe(200);
  return approved.body.auctionId!;
}

const detail = (id: string) => anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${id}` });
const balanceOf = async (user: TestUser) => (await getItem(keys.user(user.id)))?.bidBalance as number;
const book = (user: TestUser, auctionId: string, bids: number) =>
  user.call<AgentView & { message?: string }>({
    method: "PUT",
    path: `/api/auctions/${auctionId}/agent`,
    body: { bids },
  });

describe("setting the lock price", () => {
  it("is published in the list, the detail and the ledger's genesis, which still verifies", async () => {
    const auctionId = await lockingAuction();
    const read = await detail(auctionId);
    expect(read.body).toMatchObject({ lockAtPrice: "0.53", locked: false });
    const list = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(list.body.find((a) => a.id === auctionId)).toMatchObject({ lockAtPrice: "0.53", locked: false });

    const bidder = await testUser("buyer", 3);
    expect((await bidOn(bidder, auctionId)).status).toBe(200);
    const ledger = await anonymous<LedgerPage>({ method: "GET", path: `/api/auctions/${auctionId}/ledger` });
    expect(ledger.body.genesis.lockAtPrice).toBe("0.53");
    expect(checkLedgerDocument(ledger.body)).toMatchObject({ ok: true, entries: 1 });
    // The lock price is part of the genesis: a document without it no longer verifies.
    const { lockAtPrice: _dropped, ...withoutLock } = ledger.body.genesis;
    expect(checkLedgerDocument({ ...ledger.body, genesis: withoutLock }).ok).toBe(false);
  }, 30_000);

  it("an auction approved without one never locks, and its genesis is as it always was", async () => {
    const { approved } = await approveWith({});
    const auctionId = approved.body.auctionId!;
    expect((await detail(auctionId)).body).toMatchObject({ lockAtPrice: null, locked: false });
    const ledger = await anonymous<LedgerPage>({ method: "GET", path: `/api/auctions/${auctionId}/ledger` });
    expect(ledger.body.genesis).not.toHaveProperty("lockAtPrice");
  }, 30_000);

  it("answers 400 naming the field for a lock not above the starting price, and approves nothing", async () => {
    for (const lockAtPrice of ["0.50", "0.20"]) {
      const { approved, product } = await approveWith({ lockAtPrice });
      expect(approved.status).toBe(400);
      expect(approved.body.message).toBe("lockAtPrice: Lock price must be above the starting price ($0.50)");
      expect((await getItem(keys.product(product.id)))?.status).toBe("pending");
    }
    const { approved } = await approveWith({ lockAtPrice: "a lot" });
    expect(approved.status).toBe(400);
    expect(approved.body.message).toMatch(/^lockAtPrice: /);
  }, 60_000);
});

describe("listing an expired win again with a lock", () => {
  it("takes lockAtPrice on the admin's relist, with the same 400 when it is not above the start", async () => {
    const admin = await signUp("admin");
    const { product, auctionId, payBy } = await wonProduct(admin);
    await sweepPaymentDeadlines(payBy);

    const relist = (body: unknown) =>
      admin.call<AuctionSummary & { message?: string }>({
        method: "POST",
        path: `/api/admin/auctions/${auctionId}/relist`,
        body,
      });
    const refused = await relist({ lockAtPrice: "2.00" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("lockAtPrice: Lock price must be above the starting price ($2.00)");
    expect(await getItem(keys.auction(auctionIdForProduct(product.id, 1)))).toBeUndefined();

    const listed = await relist({ lockAtPrice: "2.10" });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ lockAtPrice: "2.10", locked: false, status: "active" });
  }, 30_000);
});

describe("the lock", () => {
  it("one cent below it, 20 new bidders at once: exactly one bid is accepted, the one that locked it", async () => {
    const auctionId = await lockingAuction();
    const [early, second] = await Promise.all([testUser("buyer", 5), testUser("buyer", 5)]);
    expect((await bidOn(early, auctionId)).status).toBe(200);
    expect((await bidOn(second, auctionId)).status).toBe(200);
    expect((await detail(auctionId)).body).toMatchObject({ currentPrice: "0.52", locked: false });

    const late = await Promise.all(Array.from({ length: 20 }, () => testUser("buyer", 5)));
    const answers = await Promise.all(late.map((user) => bidOn(user, auctionId)));
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 403);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.body.message).toBe(LOCKED_OUT);

    const locker = late[answers.findIndex((a) => a.status === 200)]!;
    const after = await detail(auctionId);
    expect(after.body).toMatchObject({
      currentPrice: "0.53",
      totalBids: 3,
      locked: true,
      lastBidder: { username: locker.username },
    });
    expect((await getItem(keys.auction(auctionId)))?.locked).toBe(true);
    // A refusal costs nothing.
    const balances = await Promise.all(late.map(balanceOf));
    expect(balances.filter((b) => b === 5)).toHaveLength(19);

    // The earlier bidders go on; a late arrival who tries again is still refused.
    expect((await bidOn(early, auctionId)).status).toBe(200);
    expect((await bidOn(locker, auctionId)).status).toBe(200);
    const stranger = late.find((user) => user !== locker)!;
    expect(await bidOn(stranger, auctionId)).toMatchObject({ status: 403, body: { message: LOCKED_OUT } });
  }, 60_000);

  it("refuses a new Bid Agent of a user locked out, with the same message and no credit taken", async () => {
    const auctionId = await lockingAuction();
    const bidders = await Promise.all([testUser("buyer", 5), testUser("buyer", 5), testUser("buyer", 5)]);
    for (const bidder of bidders) expect((await bidOn(bidder, auctionId)).status).toBe(200);
    expect((await detail(auctionId)).body.locked).toBe(true);

    const newcomer = await testUser("buyer", 5);
    expect(await book(newcomer, auctionId, 3)).toMatchObject({ status: 403, body: { message: LOCKED_OUT } });
    expect(await balanceOf(newcomer)).toBe(5);
    // An earlier bidder may still book one.
    expect((await book(bidders[0]!, auctionId, 2)).status).toBe(200);
  }, 30_000);

  it("stops an agent booked before the lock by a user who had not bid, and gives its bids back", async () => {
    const auctionId = await lockingAuction();
    const booker = await testUser("buyer", 10);
    expect((await book(booker, auctionId, 4)).status).toBe(200);
    expect(await balanceOf(booker)).toBe(6);
    // An agent that booked but never bid: its user has no bid here when the lock comes.
    const bidders = await Promise.all([testUser("buyer", 5), testUser("buyer", 5), testUser("buyer", 5)]);
    for (const bidder of bidders) expect((await bidOn(bidder, auctionId)).status).toBe(200);
    // The locking bid queued a check at once (not at the window, ten minutes away): it stops the agent.
    await vi.waitFor(
      async () => {
        const agent = await booker.call<AgentView>({
          method: "GET",
          path: `/api/auctions/${auctionId}/agent`,
        });
        expect(agent.body).toMatchObject({
          status: "finished",
          stopReason: "locked-out",
          returned: 4,
          bidsLeft: 0,
        });
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await balanceOf(booker)).toBe(10);
    expect(await bidOn(booker, auctionId)).toMatchObject({ status: 403, body: { message: LOCKED_OUT } });
  }, 30_000);
});
