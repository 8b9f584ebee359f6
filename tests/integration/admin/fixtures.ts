/**
 * Builders for the seller and admin tests: users signed in through the real session store, sellers
 * moved through the real approval handler, products submitted through the real seller route.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import type { WonAuction } from "#shared/schemas/orders";
import type { ProductView } from "#shared/schemas/seller";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { auctionIdForProduct } from "../../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { approveProduct } from "../../../functions/usecases/products/approve-product.ts";
import { type ApiRequest, invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { type Actor, actorFor } from "../support/actors.ts";

/** A signed-in user as these tests hold it: an actor whose session token they never read. */
export type TestUser = Omit<Actor, "token">;

let counter = 0;

export async function signUp(role: UserRole = "buyer", bidBalance = 0, name?: string): Promise<TestUser> {
  counter += 1;
  const username = name ?? `${role.slice(0, 1)}${counter}_${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: "not-used-by-these-tests",
    role,
    now: Date.now(),
    bidBalance,
  });
  return actorFor(user);
}

/** Calls a route with no session. */
export const anonymous = <T = Record<string, unknown>>(request: ApiRequest) => invokeRoute<T>(request);

/** A seller approved through the admin's own route. */
export async function approvedSeller(admin: TestUser): Promise<TestUser> {
  const seller = await signUp("seller");
  const res = await admin.call({ method: "POST", path: `/api/admin/sellers/${seller.sellerId}/approve` });
  expect(res.status).toBe(200);
  return seller;
}

export const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: "1 oz Silver Eagle",
  description: "A one ounce silver coin in mint condition.",
  metalType: "silver",
  weight: "1 oz",
  purity: "99.9%",
  imageUrl: "/images/products/silver-coins.svg",
  startingPrice: "0.50",
  retailPrice: "39.99",
  ...overrides,
});

/** A pending product submitted by an approved seller through POST /api/seller/products. */
export async function submittedProduct(seller: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await seller.call<ProductView>({
    method: "POST",
    path: "/api/seller/products",
    body: productBody(overrides),
  });
  expect(res.status).toBe(201);
  return res.body;
}

/**
 * A $2.00 product approved two minutes ago for one minute and won by a buyer's one bid (of 5 credits),
 * the win finalized by the winner's list; with the win's payment deadline.
 */
export async function wonProduct(admin: TestUser) {
  const seller = await approvedSeller(admin);
  const buyer = await signUp("buyer", 5);
  const product = await submittedProduct(seller, { startingPrice: "2.00" });
  const startedAt = Date.now() - 120_000;
  await approveProduct({ id: product.id, durationSeconds: 60, now: startedAt });
  const auctionId = auctionIdForProduct(product.id);
  await placeBid({
    auctionId,
    bidder: { id: buyer.id, username: buyer.username },
    clock: () => startedAt + 1000,
  });
  const won = await buyer.call<WonAuction[]>({ method: "GET", path: "/api/auctions/won" });
  const win = won.body.find((w) => w.id === auctionId);
  if (!win?.payBy) throw new Error("the win has no deadline");
  return { product, buyer, auctionId, payBy: Date.parse(win.payBy) };
}

export async function getItem(key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}
