/**
 * The people and auctions integration tests start from, built through the real repositories, the
 * real session store and the real startAuction / placeBid (no hand-written items).
 */
import type { UserRole } from "#shared/constants";
import type { AuctionRecord } from "../../../functions/adapters/dynamo/auctions-repo.ts";
import { createSession } from "../../../functions/adapters/dynamo/sessions-repo.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { type StartAuctionInput, startAuction } from "../../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { type ApiRequest, invokeRoute, type RouteResponse } from "../../../scripts/local/invoke-route.ts";

/** A well-formed scrypt hash that no password matches: for users the test never signs in by password. */
export const UNUSABLE_PASSWORD_HASH = "scrypt$16384$8$1$bm90LXVzZWQ=$bm90LXVzZWQ=";

export interface Actor {
  id: string;
  username: string;
  email: string;
  role: UserRole;
  sellerId?: string;
  /** `sid=<token>` */
  cookie: string;
  token: string;
  /** Calls a route with this actor's session cookie. */
  call<T = Record<string, unknown>>(request: Omit<ApiRequest, "cookies">): Promise<RouteResponse<T>>;
}

let counter = 0;

/** A user created through the real repository and signed in through the real session store. */
export async function signedInActor(
  role: UserRole,
  {
    bidBalance = 0,
    passwordHash = UNUSABLE_PASSWORD_HASH,
  }: { bidBalance?: number; passwordHash?: string } = {},
): Promise<Actor> {
  counter += 1;
  const username = `${role}${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash,
    role,
    now: Date.now(),
    bidBalance,
  });
  return actorFor(user);
}

/** A user already in the table, signed in through the real session store. */
export async function actorFor(
  user: Pick<Actor, "id" | "username" | "email" | "role" | "sellerId">,
): Promise<Actor> {
  const { id, username, email, role, sellerId } = user;
  const { token } = await createSession(user, Date.now());
  const cookie = `sid=${token}`;
  const call: Actor["call"] = (request) => invokeRoute({ ...request, cookies: [cookie] });
  return { id, username, email, role, ...(sellerId ? { sellerId } : {}), cookie, token, call };
}

/** An auction of `seller`'s new product (a fresh product id); the seller's business is "<username> Metals" unless given. */
export function auctionOf(
  seller: Pick<Actor, "id" | "username" | "sellerId">,
  options: Omit<StartAuctionInput, "product" | "seller"> & {
    product: Omit<StartAuctionInput["product"], "id" | "sellerId"> & { id?: string };
    businessName?: string;
  },
): Promise<AuctionRecord> {
  const { product, businessName, ...rest } = options;
  return startAuction({
    ...rest,
    product: { id: crypto.randomUUID(), ...product, sellerId: seller.sellerId! },
    seller: {
      id: seller.sellerId!,
      userId: seller.id,
      businessName: businessName ?? `${seller.username} Metals`,
    },
  });
}

/** A one-ounce gold coin at $1.00, its name made unique with a few random letters. */
export const goldMaple = () => ({
  name: `Gold Maple ${Math.random().toString(36).slice(2, 6)}`,
  description: "One ounce of gold.",
  metalType: "gold" as const,
  imageUrl: "/images/products/gold-coins.svg",
  startingPriceCents: 100,
});

/** `bidders` bid in turn, one a second from `startedAt` + 1 s, on an injected clock (the last one leads). */
export async function bidInTurn(
  auctionId: string,
  bidders: Pick<Actor, "id" | "username">[],
  startedAt: number,
): Promise<void> {
  let t = startedAt + 1000;
  for (const bidder of bidders) {
    const at = t;
    await placeBid({ auctionId, bidder: { id: bidder.id, username: bidder.username }, clock: () => at });
    t += 1000;
  }
}
