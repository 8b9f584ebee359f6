/**
 * Builders for the seller and admin tests: users signed in through the real session store, sellers
 * moved through the real approval handler, products submitted through the real seller route.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import type { ProductView } from "#shared/schemas/seller";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
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

export async function getItem(key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}
