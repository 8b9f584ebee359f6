import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { type FaultInjector, injectDynamoFaults, touchesKey } from "../../support/faulty-dynamo.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  auctionWithBids,
  buyerOrders,
  getItem,
  shippingAddress,
  signUp,
  soleBidderWin,
  type TestUser,
} from "./fixtures.ts";

useFreshTable("orders-create");

async function order(user: TestUser, body: Record<string, unknown>) {
  return user.call<OrderView & { message?: string }>({ method: "POST", path: "/api/orders", body });
}

/** An order shipped to `shippingAddress`, with `changes` to it. */
const orderShippedTo = (user: TestUser, auctionId: string, changes: Record<string, unknown> = {}) =>
  order(user, { auctionId, ...shippingAddress, ...changes });

describe("POST /api/orders", () => {
  it("creates the winner's order at the auction's final price, whatever price the client sends", async () => {
    const seller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    const auction = await auctionWithBids({ seller, bidders: [alice, bob, alice], startingPriceCents: 500 });

    const res = await orderShippedTo(alice, auction.id, {
      finalPrice: "0.01",
      finalPriceCents: 1,
      amount: 1,
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      auctionId: auction.id,
      buyerId: alice.id,
      sellerId: seller.sellerId,
      finalPrice: "5.03",
      paymentStatus: "pending",
      shippingStatus: "pending",
      shippingCountry: "US",
      trackingNumber: null,
      paidAt: null,
      seller: { businessName: `${seller.username} Metals` },
      buyer: { username: alice.username, email: alice.email },
    });
    expect(res.body.auction.product.name).toContain("Silver Eagle");
    const stored = await getItem(keys.order(res.body.id));
    expect(stored?.finalPriceCents).toBe(503);
  });

  it("refuses a bidder who did not win (403) and writes nothing", async () => {
    const seller = await signUp("seller");
    const [alice, bob, carol] = [await signUp(), await signUp(), await signUp()];
    const auction = await auctionWithBids({ seller, bidders: [bob, alice] });

    for (const stranger of [bob, carol, seller]) {
      const res = await orderShippedTo(stranger, auction.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only the winner of this auction can order it");
      expect(await buyerOrders(stranger)).toEqual([]);
    }
    expect(await getItem(keys.orderGuard(auction.id))).toBeUndefined();
  });

  it("refuses a second order for the same auction (409), keeping the first", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const first = await orderShippedTo(alice, auction.id);
    expect(first.status).toBe(200);
    const second = await orderShippedTo(alice, auction.id, { shippingCity: "Chicago" });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("An order already exists for this auction");

    const orders = await buyerOrders(alice);
    expect(orders.map((o) => [o.id, o.shippingCity])).toEqual([[first.body.id, "Springfield"]]);
  });

  it("lets exactly one of several simultaneous checkouts of one auction through", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const results = await Promise.all(Array.from({ length: 5 }, () => orderShippedTo(alice, auction.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await buyerOrders(alice)).toHaveLength(1);
  });

  it("refuses an auction that is still running (409) and one that ended without bids (403)", async () => {
    const seller = await signUp("seller");
    const alice = await signUp();
    const running = await auctionWithBids({ seller, bidders: [alice], running: true });
    const unsold = await auctionWithBids({ seller, bidders: [] });

    const early = await orderShippedTo(alice, running.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("This auction has not ended yet");
    expect((await orderShippedTo(alice, unsold.id)).status).toBe(403);
  });

  it("answers 404 for an unknown auction", async () => {
    const alice = await signUp();
    const res = await order(alice, { auctionId: "no-such-auction", ...shippingAddress });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Auction not found");
  });

  it("needs every shipping field (400), naming it, and creates nothing otherwise", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const blank = await orderShippedTo(alice, auction.id, { shippingZip: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("shippingZip: Please fill in all shipping fields");
    const missing = await order(alice, { auctionId: auction.id, shippingAddress: "1 Main Street" });
    expect(missing.status).toBe(400);
    const nowhere = await orderShippedTo(alice, auction.id, { shippingCountry: "XX" });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe("shippingCountry: Country must be one of the countries we ship to");
    expect(await buyerOrders(alice)).toEqual([]);
  });

  it("refuses a state by name and a ZIP that is not one (400 naming the field), writing nothing", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const illinois = await orderShippedTo(alice, auction.id, { shippingState: "Illinois" });
    expect(illinois.status).toBe(400);
    expect(illinois.body.message).toBe(
      "shippingState: State must be a US state's two-letter USPS code, such as IL",
    );
    const letters = await orderShippedTo(alice, auction.id, { shippingZip: "ABCDE" });
    expect(letters.status).toBe(400);
    expect(letters.body.message).toBe(
      "shippingZip: ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)",
    );
    const abroadZip = await orderShippedTo(alice, auction.id, { shippingCountry: "GB", shippingZip: "#1" });
    expect(abroadZip.status).toBe(400);
    expect(abroadZip.body.message).toMatch(/^shippingZip: Postal code must be/);
    expect(await buyerOrders(alice)).toEqual([]);
    expect(await getItem(keys.orderGuard(auction.id))).toBeUndefined();
  });

  it("takes a ZIP+4 and a lower-case state, stored as the USPS code, with the recipient's name", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const res = await orderShippedTo(alice, auction.id, {
      shippingName: "Ada Lovelace",
      shippingState: "il",
      shippingZip: "62701-1234",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      shippingName: "Ada Lovelace",
      shippingState: "IL",
      shippingZip: "62701-1234",
      shippingCountry: "US",
    });
  });

  it("ships abroad: a UK address with no state and its own postcode (capitalised)", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const res = await order(alice, {
      auctionId: auction.id,
      shippingName: "Ada Lovelace",
      shippingAddress: "10 Downing Street",
      shippingCity: "London",
      shippingState: "",
      shippingZip: "sw1a 2aa",
      shippingCountry: "GB",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shippingCountry: "GB", shippingState: "", shippingZip: "SW1A 2AA" });
  });

  it("leaves the recipient's name out for a client of the original contract", async () => {
    const { buyer: alice, auction } = await soleBidderWin();

    const res = await orderShippedTo(alice, auction.id);
    expect(res.status).toBe(200);
    expect(res.body.shippingName).toBeNull();
  });

  it("needs a signed-in user (401)", async () => {
    const { invokeRoute } = await import("../../../scripts/local/invoke-route.ts");
    const res = await invokeRoute({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: "x", ...shippingAddress },
    });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/orders when another transaction writes the same auction's guard", () => {
  let faults: FaultInjector;
  beforeAll(() => {
    faults = injectDynamoFaults();
  });
  afterEach(() => faults.clear());
  afterAll(() => faults.remove());
  const conflictOnGuard = {
    command: "TransactWriteItems" as const,
    fault: "conflict" as const,
    match: touchesKey("AUCTION#"),
  };

  it("tries again after two conflicts and creates one order", async () => {
    const { buyer: alice, auction } = await soleBidderWin();
    faults.reset();
    faults.add({ ...conflictOnGuard, times: 2 });

    const res = await orderShippedTo(alice, auction.id);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(faults.count("TransactWriteItems", "conflict")).toBe(2);
    expect((await buyerOrders(alice)).map((o) => o.id)).toEqual([res.body.id]);
  });

  it("gives up after six conflicting attempts with a 503 and no order", async () => {
    const { buyer: alice, auction } = await soleBidderWin();
    faults.reset();
    faults.add(conflictOnGuard);

    const res = await orderShippedTo(alice, auction.id);

    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(faults.count("TransactWriteItems", "conflict")).toBe(6);
    faults.clear();
    expect(await buyerOrders(alice)).toEqual([]);
  });
});
