/**
 * Builders for the order tests: signed-in users (through the real session store) and auctions won
 * through the real bid transaction, with the bids placed on an injected clock so an auction can be
 * over the moment the test wants it (no waiting for a timer).
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import type { OrderPaymentIntentResponse, OrderView, WonAuction } from "#shared/schemas/orders";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";
import { confirmCard } from "../payments/fixtures.ts";
import { type Actor, auctionOf, bidInTurn, signedInActor } from "../support/actors.ts";

export type TestUser = Actor;

export const signUp = (role: UserRole = "buyer", bidBalance = 10): Promise<TestUser> =>
  signedInActor(role, { bidBalance });

export interface AuctionPlan {
  seller: TestUser;
  /** Bidders in order; the last one wins. Empty: the auction ends without a winner. */
  bidders: TestUser[];
  startingPriceCents?: number;
  /** Leave the auction running (its end an hour away) instead of over. */
  running?: boolean;
}

/**
 * An auction whose bids were placed while it ran and whose end has already passed (not yet
 * finalized: the first read after the end does that), or a running one with `running`.
 */
export async function auctionWithBids(plan: AuctionPlan) {
  const startedAt = plan.running ? Date.now() : Date.now() - 120_000;
  const durationSeconds = plan.running ? 3600 : 60;
  const productId = crypto.randomUUID();
  const auction = await auctionOf(plan.seller, {
    product: {
      id: productId,
      name: `1 oz Silver Eagle ${productId.slice(0, 4)}`,
      description: "A one ounce silver coin.",
      metalType: "silver",
      imageUrl: "/images/silver-coins.svg",
      startingPriceCents: plan.startingPriceCents ?? 500,
    },
    durationSeconds,
    now: startedAt,
  });
  await bidInTurn(auction.id, plan.bidders, startedAt);
  return auction;
}

/** An ended auction of a new seller that one new buyer alone bid on, and so won (no order yet). */
export async function soleBidderWin() {
  const seller = await signUp("seller");
  const buyer = await signUp();
  const auction = await auctionWithBids({ seller, bidders: [buyer] });
  return { seller, buyer, auction };
}

/** A GET the user may make: its body, after checking it answered 200. */
async function readOk<T>(user: TestUser, path: string): Promise<T> {
  const res = await user.call<T>({ method: "GET", path });
  expect(res.status).toBe(200);
  return res.body;
}

export const buyerOrders = (user: TestUser) => readOk<OrderView[]>(user, "/api/orders/buyer");

export const wonAuctions = (user: TestUser) => readOk<WonAuction[]>(user, "/api/auctions/won");

export async function getItem(key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

export const shippingAddress = {
  shippingAddress: "1 Main Street",
  shippingCity: "Springfield",
  shippingState: "IL",
  shippingZip: "62701",
  shippingCountry: "US",
};

/** The winner's order for `auctionId`, shipped to `shippingAddress`. */
export const orderAsWinner = (buyer: TestUser, auctionId: string, shipping: Record<string, string> = {}) =>
  buyer.call<OrderView>({
    method: "POST",
    path: "/api/orders",
    body: { auctionId, ...shippingAddress, ...shipping },
  });

/** The buyer's PaymentIntent for the order (the same open one on every call). */
export const orderPaymentIntent = (buyer: TestUser, orderId: string) =>
  buyer.call<OrderPaymentIntentResponse & { message?: string }>({
    method: "POST",
    path: `/api/orders/${orderId}/payment-intent`,
  });

/** Pays the order with the local provider's card that succeeds; answers the PaymentIntent's id. */
export async function payOrder(buyer: TestUser, orderId: string): Promise<string> {
  const intent = await orderPaymentIntent(buyer, orderId);
  expect(intent.status).toBe(200);
  const confirmed = await confirmCard(buyer, intent.body.paymentIntentId);
  expect(confirmed.status).toBe(200);
  return intent.body.paymentIntentId;
}

/** `buyer`'s win of a fresh auction of `seller`, its order placed with `shippingAddress`, and paid unless `pay` is false. */
export async function orderFor(
  seller: TestUser,
  buyer: TestUser,
  { pay = true, shipping = {} as Record<string, string> } = {},
): Promise<OrderView> {
  const auction = await auctionWithBids({ seller, bidders: [buyer] });
  const created = await orderAsWinner(buyer, auction.id, shipping);
  expect(created.status).toBe(200);
  if (pay) await payOrder(buyer, created.body.id);
  return created.body;
}
