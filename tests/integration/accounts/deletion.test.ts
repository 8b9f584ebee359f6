/**
 * Deleting an account with things in flight, as the terms page ("Deleting your account") says: a paid
 * order still to ship refuses it; Bid Agents stop; unpaid wins are forfeited; the orders the law keeps
 * stay without their address; the watchlist and push subscriptions go; a wrong password changes none of it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AgentView } from "#shared/schemas/agents";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { ACCOUNT_MESSAGES } from "../../../functions/domain/accounts.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { liveAuction } from "../auctions/fixtures.ts";
import { getItem, orderFor, shippingAddress, signUp, type TestUser } from "../orders/fixtures.ts";
import { type Actor, signedInActor } from "../support/actors.ts";
import { useLocalAgentQueue } from "../support/agents.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { login } from "./fixtures.ts";

useFreshTable("accounts-deletion");

useLocalAgentQueue();

const PASSWORD = "buyer-password-1";

/** A buyer with credits who can also sign in by password. */
async function buyer(): Promise<Actor> {
  return signedInActor("buyer", {
    bidBalance: 20,
    passwordHash: await hashPassword(PASSWORD, passwordParams()),
  });
}

const deleteAccount = (user: Actor, password = PASSWORD) =>
  user.call<{ message?: string }>({ method: "DELETE", path: "/api/me", body: { password } });

const ship = (seller: TestUser, orderId: string) =>
  seller.call({ method: "PATCH", path: `/api/orders/${orderId}/shipping`, body: { status: "shipped" } });

async function bookAgent(user: Actor, auctionId: string, bids: number) {
  const res = await user.call<AgentView>({
    method: "PUT",
    path: `/api/auctions/${auctionId}/agent`,
    body: { bids },
  });
  expect(res.status).toBe(200);
}

const orderItem = (id: string) => getItem(keys.order(id));

/** An order's address once its buyer's account is deleted. */
const BLANKED_ADDRESS = {
  shippingName: "",
  shippingAddress: "",
  shippingCity: "",
  shippingState: "",
  shippingZip: "",
};

describe("deleting an account with orders, agents and a watchlist", () => {
  it("is refused with 409 while a paid order waits to be shipped, changing nothing; goes once it has shipped", async () => {
    const seller = await signUp("seller");
    const user = await buyer();
    const order = await orderFor(seller, user, { shipping: { shippingName: "Ada Lovelace" } });

    const refused = await deleteAccount(user);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.shipmentPending);
    expect((await user.call({ method: "GET", path: "/api/auth/me" })).status).toBe(200);
    expect(await getItem(keys.user(user.id))).toMatchObject({ email: user.email, bidBalance: 19 });
    expect(await orderItem(order.id)).toMatchObject({
      shippingName: "Ada Lovelace",
      shippingAddress: shippingAddress.shippingAddress,
    });

    expect((await ship(seller, order.id)).status).toBe(200);
    expect((await deleteAccount(user)).status).toBe(200);
    // The order is a record the law keeps; the address on it goes.
    expect(await orderItem(order.id)).toMatchObject({
      paymentStatus: "paid",
      shippingStatus: "shipped",
      ...BLANKED_ADDRESS,
    });
  });

  it("stops the active Bid Agents, forfeits the unpaid win and blanks its order's address", async () => {
    const seller = await signUp("seller");
    const user = await buyer();
    const [{ auction: first }, { auction: second }] = await Promise.all([liveAuction(), liveAuction()]);
    await bookAgent(user, first.id, 5);
    await bookAgent(user, second.id, 3);
    const unpaid = await orderFor(seller, user, { pay: false });

    expect((await deleteAccount(user)).status).toBe(200);

    for (const auction of [first, second]) {
      expect(await getItem(keys.agent(auction.id, user.id))).toMatchObject({
        status: "cancelled",
        stopReason: "cancelled",
        bidsLeft: 0,
      });
      expect((await getItem(keys.auction(auction.id)))?.activeAgents).toBe(0);
    }
    // Credits booked by the agents came back to a balance that is forfeited with the account.
    expect((await getItem(keys.user(user.id)))?.bidBalance).toBe(0);
    // The win is not sold to the deleted account: it leaves the payment deadlines as expired at once.
    const won = await getItem(keys.auction(unpaid.auctionId));
    expect(won?.paymentExpiredAt).toEqual(expect.any(String));
    expect(won?.gsi4pk).toBe("PAYEXPIRED");
    expect(await orderItem(unpaid.id)).toMatchObject({
      paymentStatus: "pending",
      paymentExpiredAt: expect.any(String),
      ...BLANKED_ADDRESS,
    });
  });

  it("takes the auctions off the watchlist", async () => {
    const user = await buyer();
    const { auction } = await liveAuction();
    expect((await user.call({ method: "PUT", path: `/api/me/watchlist/${auction.id}` })).status).toBe(200);
    expect((await deleteAccount(user)).status).toBe(200);
    expect(await getItem(keys.watchlistEntry(auction.id, user.id))).toBeUndefined();
  });

  it("forgets the browsers it pushed to: the user's subscriptions and the endpoints' owner", async () => {
    const user = await buyer();
    const endpoint = `https://push.example.com/send/${crypto.randomUUID()}`;
    const subscribed = await user.call({
      method: "POST",
      path: "/api/me/push-subscriptions",
      body: { endpoint, keys: { p256dh: "B".padEnd(87, "A"), auth: "A".repeat(22) } },
    });
    expect(subscribed.status).toBe(201);
    const hash = createHash("sha256").update(endpoint).digest("hex");
    expect(await getItem(keys.pushEndpoint(hash))).toMatchObject({ userId: user.id });
    expect((await deleteAccount(user)).status).toBe(200);
    expect(await getItem(keys.pushSubscription(user.id, hash))).toBeUndefined();
    expect(await getItem(keys.pushEndpoint(hash))).toBeUndefined();
  });

  it("a wrong password changes nothing: agents, orders, watchlist, credits and sign-in stay", async () => {
    const seller = await signUp("seller");
    const user = await buyer();
    const { auction } = await liveAuction();
    await bookAgent(user, auction.id, 4);
    expect((await user.call({ method: "PUT", path: `/api/me/watchlist/${auction.id}` })).status).toBe(200);
    const unpaid = await orderFor(seller, user, { pay: false });

    const res = await deleteAccount(user, "not-the-password");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);

    expect(await getItem(keys.agent(auction.id, user.id))).toMatchObject({ status: "active", bidsLeft: 4 });
    expect(await getItem(keys.user(user.id))).toMatchObject({ email: user.email, bidBalance: 15 });
    expect(await getItem(keys.watchlistEntry(auction.id, user.id))).toBeDefined();
    const order = await orderItem(unpaid.id);
    expect(order).toMatchObject({ shippingAddress: shippingAddress.shippingAddress });
    expect(order?.paymentExpiredAt).toBeUndefined();
    expect((await getItem(keys.auction(unpaid.auctionId)))?.gsi4pk).toBe("PAYDUE");
    expect((await user.call({ method: "GET", path: "/api/auth/me" })).status).toBe(200);
    expect((await login(user.username, PASSWORD)).status).toBe(200);
  });
});
