/**
 * Builders for the order tests: signed-in users (through the real session store) and auctions won
 * through the real bid transaction, with the bids placed on an injected clock so an auction can be
 * over the moment the test wants it (no waiting for a timer).
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import { TEST_CARDS } from "#shared/payments";
import type { OrderPaymentIntentResponse, OrderView } from "#shared/schemas/orders";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";
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

/** `buyer`'s win of a fresh auction of `seller`, its order placed with `shippingAddress`, and paid unless `pay` is false. */
export async function orderFor(seller: TestUser, buyer: TestUser, { pay = true } = {}): Promise<OrderView> {
  const auction = await auctionWithBids({ seller, bidders: [buyer] });
  const created = await buyer.call<OrderView>({
    method: "POST",
    path: "/api/orders",
    body: { auctionId: auction.id, ...shippingAddress },
  });
  expect(created.status).toBe(200);
  if (pay) {
    const intent = await buyer.call<OrderPaymentIntentResponse>({
      method: "POST",
      path: `/api/orders/${created.body.id}/payment-intent`,
    });
    const confirm = await buyer.call({
      method: "POST",
      path: `/api/dev/payments/${intent.body.paymentIntentId}/confirm`,
      body: { cardNumber: TEST_CARDS.succeeds },
    });
    expect(confirm.status).toBe(200);
  }
  return created.body;
}
