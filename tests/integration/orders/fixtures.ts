/**
 * Builders for the order tests: signed-in users (through the real session store) and auctions won
 * through the real bid transaction, with the bids placed on an injected clock so an auction can be
 * over the moment the test wants it (no waiting for a timer).
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { UserRole } from "#shared/constants";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";
import { createSession } from "../../../functions/adapters/dynamo/sessions-repo.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { placeBid } from "../../../functions/usecases/place-bid.ts";
import { startAuction } from "../../../functions/usecases/start-auction.ts";
import { type ApiRequest, invokeRoute } from "../../../scripts/local/events.ts";

export interface TestUser {
  id: string;
  username: string;
  email: string;
  role: UserRole;
  sellerId?: string;
  /** The session cookie (`sid=...`). */
  cookie: string;
  call<T = unknown>(request: Omit<ApiRequest, "cookies">): ReturnType<typeof invokeRoute<T>>;
}

let counter = 0;

export async function signUp(role: UserRole = "buyer", bidBalance = 10): Promise<TestUser> {
  counter += 1;
  const username = `${role}${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await createUser({
    username,
    email: `${username}@example.com`,
    passwordHash: "not-used-by-these-tests",
    role,
    now: Date.now(),
    bidBalance,
  });
  const { token } = await createSession(user, Date.now());
  const cookie = `sid=${token}`;
  return {
    id: user.id,
    username,
    email: user.email,
    role,
    ...(user.sellerId ? { sellerId: user.sellerId } : {}),
    cookie,
    call: (request) => invokeRoute({ ...request, cookies: [cookie] }),
  };
}

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
  const auction = await startAuction({
    product: {
      id: productId,
      sellerId: plan.seller.sellerId!,
      name: `1 oz Silver Eagle ${productId.slice(0, 4)}`,
      description: "A one ounce silver coin.",
      metalType: "silver",
      imageUrl: "/images/silver-coins.svg",
      startingPriceCents: plan.startingPriceCents ?? 500,
    },
    seller: {
      id: plan.seller.sellerId!,
      userId: plan.seller.id,
      businessName: `${plan.seller.username} Metals`,
    },
    durationSeconds,
    now: startedAt,
  });
  let t = startedAt + 1000;
  for (const bidder of plan.bidders) {
    const at = t;
    await placeBid({
      auctionId: auction.id,
      bidder: { id: bidder.id, username: bidder.username },
      clock: () => at,
    });
    t += 1000;
  }
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
