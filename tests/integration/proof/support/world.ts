/**
 * A small marketplace in a fresh table, built through the real repositories and routes, for the
 * hostile-input, security and fault tests: every kind of caller, and at least one existing object
 * behind every path id of the route table.
 */
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import type { CreatePaymentIntentResponse } from "#shared/schemas/payments";
import type { ProductView } from "#shared/schemas/seller";
import { passwordParams } from "../../../../functions/config/runtime.ts";
import { hashPassword } from "../../../../functions/domain/passwords.ts";
import { invokeRoute, type RouteResponse } from "../../../../scripts/local/invoke-route.ts";
import { seedBidPackages } from "../../../../scripts/seed/bid-packages.ts";
import {
  type Actor,
  auctionOf,
  bidInTurn,
  signedInActor,
  UNUSABLE_PASSWORD_HASH,
} from "../../support/actors.ts";

/** Every world user signs in with this password (hashed once: scrypt is slow on purpose). */
export const WORLD_PASSWORD = "correct-horse-battery";

export type Caller = Actor;

export interface World {
  passwordHash: string;
  admin: Caller;
  /** Has credits, won `endedAuctionId` (with `orderId`) and `wonAuctionId` (no order yet), owns `intentId`. */
  buyer: Caller;
  otherBuyer: Caller;
  /** Approved; sells every auction below. */
  seller: Caller;
  /** Approved, sells nothing. */
  otherSeller: Caller;
  pendingSeller: Caller;
  /** A buyer the admin's user routes act on. */
  target: Caller;
  liveAuctionId: string;
  /** Approved by the admin: its auction is `liveAuctionId`. */
  liveProductId: string;
  pendingProductId: string;
  endedAuctionId: string;
  wonAuctionId: string;
  orderId: string;
  /** A local PaymentIntent of `buyer` for the "starter" package, not paid. */
  intentId: string;
}

/** A user created through the real repository and signed in through the real session store. */
export const signedInUser = (
  role: UserRole,
  passwordHash = UNUSABLE_PASSWORD_HASH,
  bidBalance = 0,
): Promise<Caller> => signedInActor(role, { passwordHash, bidBalance });

function ok<T>(res: RouteResponse<T>, what: string, status = 200): T {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

const product = (name: string) => ({
  name,
  description: "One troy ounce of fine silver.",
  metalType: "silver",
  weight: "1 oz",
  purity: "99.9%",
  imageUrl: "/images/products/silver-coins.svg",
  startingPrice: "1.00",
  retailPrice: "45.00",
});

const submitProduct = async (seller: Caller, name: string): Promise<ProductView> =>
  ok(
    await seller.call<ProductView>({ method: "POST", path: "/api/seller/products", body: product(name) }),
    "submit product",
    201,
  );

/**
 * An auction of `seller` for a one-off product (its name gets a few letters of the product's id); its end is
 * not scheduled: tests drive it.
 */
async function unscheduledAuction(
  seller: Caller,
  product: Omit<Parameters<typeof auctionOf>[1]["product"], "id">,
  durationSeconds: number,
  now: number,
): Promise<string> {
  const productId = crypto.randomUUID();
  const auction = await auctionOf(seller, {
    product: { ...product, id: productId, name: `${product.name} ${productId.slice(0, 4)}` },
    businessName: seller.username,
    durationSeconds,
    now,
    clock: { scheduleEnd: async () => {} },
  });
  return auction.id;
}

/** A running auction of `seller` ending in `seconds`. */
export function liveAuction(seller: Caller, seconds = 3600, startingPriceCents = 100): Promise<string> {
  const silverBar = {
    name: "Silver Bar",
    description: "A ten ounce silver bar.",
    metalType: "silver" as const,
    imageUrl: "/images/products/silver-bullion.svg",
    startingPriceCents,
  };
  return unscheduledAuction(seller, silverBar, seconds, Date.now());
}

/** An auction of `seller` that ran out an hour ago after `bidders` bid in turn (the last one won). */
async function finishedAuction(seller: Caller, bidders: Caller[]): Promise<string> {
  const startedAt = Date.now() - 3_600_000;
  const goldSovereign = {
    name: "Gold Sovereign",
    description: "A gold coin.",
    metalType: "gold" as const,
    imageUrl: "/images/products/gold-jewelry.svg",
    startingPriceCents: 2500,
  };
  // Its end is in the past: a real clock would close it before the bids below are placed.
  const auctionId = await unscheduledAuction(seller, goldSovereign, 60, startedAt);
  await bidInTurn(auctionId, bidders, startedAt);
  // The first read after the end finalizes it (status won, winner = last bidder).
  ok(await invokeRoute({ method: "GET", path: `/api/auctions/${auctionId}` }), "finalizing read");
  return auctionId;
}

export async function buildWorld(): Promise<World> {
  await seedBidPackages();
  const passwordHash = await hashPassword(WORLD_PASSWORD, passwordParams());
  const admin = await signedInUser("admin", passwordHash);
  const buyer = await signedInUser("buyer", passwordHash, 40);
  const otherBuyer = await signedInUser("buyer", passwordHash, 40);
  const seller = await signedInUser("seller", passwordHash);
  const otherSeller = await signedInUser("seller", passwordHash);
  const pendingSeller = await signedInUser("seller", passwordHash);
  const target = await signedInUser("buyer", passwordHash, 5);
  for (const s of [seller, otherSeller]) {
    ok(
      await admin.call({ method: "POST", path: `/api/admin/sellers/${s.sellerId}/approve` }),
      "approve seller",
    );
  }

  const live = await submitProduct(seller, "Silver Eagle");
  ok(
    await admin.call({
      method: "POST",
      path: `/api/admin/products/${live.id}/approve`,
      body: { durationSeconds: 3 * 3600 },
    }),
    "approve product",
  );
  const approved = ok(
    await seller.call<ProductView[]>({ method: "GET", path: "/api/seller/products" }),
    "list",
  );
  const liveAuctionId = approved.find((p) => p.id === live.id)?.auctionId;
  if (!liveAuctionId) throw new Error("approving the product started no auction");
  const pending = await submitProduct(seller, "Maple Leaf");

  const endedAuctionId = await finishedAuction(seller, [otherBuyer, buyer]);
  const wonAuctionId = await finishedAuction(seller, [buyer]);
  const order = ok(
    await buyer.call<{ id: string }>({
      method: "POST",
      path: "/api/orders",
      body: {
        auctionId: endedAuctionId,
        shippingAddress: "1 Main Street",
        shippingCity: "Springfield",
        shippingState: "IL",
        shippingZip: "62701",
      },
    }),
    "create order",
  );
  const intent = ok(
    await buyer.call<CreatePaymentIntentResponse>({
      method: "POST",
      path: "/api/create-payment-intent",
      body: { packageId: "starter" },
    }),
    "create intent",
  );

  return {
    passwordHash,
    admin,
    buyer,
    otherBuyer,
    seller,
    otherSeller,
    pendingSeller,
    target,
    liveAuctionId,
    liveProductId: live.id,
    pendingProductId: pending.id,
    endedAuctionId,
    wonAuctionId,
    orderId: order.id,
    intentId: intent.paymentIntentId,
  };
}
