/**
 * Ending-soon alerts for the auctions a user bids on (notification setting `alertsForBidAuctions`,
 * default off): a bid by hand or by the user's Bid Agent puts them among the auction's followers, in
 * the same partition as its watchers, once; the sweep finds them with the same one Query, sends one
 * alert per auction and user however they follow it, and checks the setting each time.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { installAgentQueue } from "../../../functions/adapters/agents/queue-from-env.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { saveNotificationSettings } from "../../../functions/adapters/dynamo/notification-settings-repo.ts";
import { runAgentCheck } from "../../../functions/usecases/agents/run-agents.ts";
import { sweepEndingSoonAlerts } from "../../../functions/usecases/alerts/ending-soon.ts";
import { bidOn, getItem, liveAuction, type TestUser, testUser } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { commandsSentBy, MINUTE, useAlertEmails } from "./fixtures.ts";

useFreshTable("bid-followers");

const { endingSoonEmails, expectOneDefaultAlert } = useAlertEmails();
// Agent checks run by hand, at a moment the test picks.
beforeAll(() => installAgentQueue(null));

const BASE = { outbid: true, won: true, marketing: true };

async function followBids(user: TestUser, alertsForBidAuctions: boolean) {
  const res = await user.call({
    method: "PUT",
    path: "/api/me/notifications",
    body: { ...BASE, alertsForBidAuctions },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ alertsForBidAuctions });
}

async function bid(user: TestUser, auctionId: string) {
  expect((await bidOn(user, auctionId)).status).toBe(200);
}

async function watchingIds(user: TestUser): Promise<string[]> {
  const res = await user.call<{ items: { id: string }[] }>({ method: "GET", path: "/api/me/watchlist" });
  expect(res.status).toBe(200);
  return res.body.items.map((item) => item.id);
}

/** A user who turned on alerts for the auctions they bid on, and an auction ending in 10 minutes. */
async function followerAndAuction() {
  const user = await testUser("buyer", 10);
  await followBids(user, true);
  const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
  return { user, auction };
}

const setWatching = (user: TestUser, auctionId: string, watching: boolean) =>
  user.call({ method: watching ? "PUT" : "DELETE", path: `/api/me/watchlist/${auctionId}` });

describe("alerts for the auctions a user bids on", () => {
  it("a bid with the setting on brings one ending-soon email, once, however many bids and sweeps", async () => {
    const [user, rival] = await Promise.all([testUser("buyer", 10), testUser("buyer", 10)]);
    await followBids(user, true);
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    await bid(user, auction.id);
    const follower = await getItem(keys.bidFollower(auction.id, user.id));
    expect(follower).toMatchObject({ type: "bidFollower", userId: user.id, auctionId: auction.id });
    await bid(rival, auction.id);
    await bid(user, auction.id);
    // Written once: later bids leave the entry as the first one wrote it.
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toEqual(follower);

    await expectOneDefaultAlert(user, auction);
    // The rival never asked: bidding alone alerts nobody.
    expect(await endingSoonEmails(rival)).toEqual([]);
  });

  it("with the setting off (the default) a bid adds no follower and brings no alert", async () => {
    const user = await testUser("buyer", 10);
    expect((await user.call({ method: "GET", path: "/api/me/notifications" })).body).toMatchObject({
      alertsForBidAuctions: false,
    });
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    await bid(user, auction.id);
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toBeUndefined();
    await sweepEndingSoonAlerts(auction.endsAt - MINUTE);
    expect(await endingSoonEmails(user)).toEqual([]);
  });

  it("settings stored before the choice existed stay valid and read as off", async () => {
    const user = await testUser("buyer", 10);
    const { alertsForBidAuctions: _, ...older } = {
      ...BASE,
      marketing: false,
      endingSoon: true,
      alertsForBidAuctions: false,
      push: { outbid: true, won: true, endingSoon: true },
      endingSoonMinutes: 7,
    };
    // As an older release wrote them: no alertsForBidAuctions at all.
    expect(await saveNotificationSettings(user.id, older as never)).toBe(true);
    const res = await user.call({ method: "GET", path: "/api/me/notifications" });
    expect(res.body).toEqual({ ...older, alertsForBidAuctions: false });
    const { auction } = await liveAuction();
    await bid(user, auction.id);
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toBeUndefined();
  });

  it("turning the setting off after bidding stops the alert; the sweep reads the setting", async () => {
    const { user, auction } = await followerAndAuction();
    await bid(user, auction.id);
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toBeDefined();
    await followBids(user, false);
    await sweepEndingSoonAlerts(auction.endsAt - MINUTE);
    expect(await endingSoonEmails(user)).toEqual([]);
  });

  it("the Watching page and watch / unwatch stay as they were", async () => {
    const { user, auction } = await followerAndAuction();
    await bid(user, auction.id);
    expect(await watchingIds(user)).toEqual([]);

    expect((await setWatching(user, auction.id, true)).status).toBe(200);
    expect(await watchingIds(user)).toEqual([auction.id]);
    expect((await setWatching(user, auction.id, false)).status).toBe(200);
    expect(await watchingIds(user)).toEqual([]);
    // Unwatching took the watchlist entry only: the bid still follows the auction.
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toBeDefined();
    await sweepEndingSoonAlerts(auction.endsAt - MINUTE);
    expect(await endingSoonEmails(user)).toHaveLength(1);
  });

  it("a user who both watches and bids gets one alert, and no second one after unwatching", async () => {
    const { user, auction } = await followerAndAuction();
    expect((await setWatching(user, auction.id, true)).status).toBe(200);
    await bid(user, auction.id);
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toBeDefined();
    expect(await getItem(keys.watchlistEntry(auction.id, user.id))).toBeDefined();

    expect(await sweepEndingSoonAlerts(auction.endsAt - 2 * MINUTE)).toBeGreaterThanOrEqual(1);
    expect(await endingSoonEmails(user)).toHaveLength(1);
    expect((await setWatching(user, auction.id, false)).status).toBe(200);
    await sweepEndingSoonAlerts(auction.endsAt - MINUTE);
    expect(await endingSoonEmails(user)).toHaveLength(1);
  });

  it("a Bid Agent's bid follows the auction too, through the same bid operation", async () => {
    const { user, auction } = await followerAndAuction();
    const booked = await user.call({
      method: "PUT",
      path: `/api/auctions/${auction.id}/agent`,
      body: { bids: 3 },
    });
    expect(booked.status).toBe(200);
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toBeUndefined();
    expect(await runAgentCheck({ auctionId: auction.id, seenTotalBids: 0 }, auction.endsAt - 1000)).toBe(
      "bid",
    );
    expect(await getItem(keys.bidFollower(auction.id, user.id))).toMatchObject({ userId: user.id });
  });

  it("the sweep finds bid followers with the one Query of the auction's partition, never a scan", async () => {
    const users = await Promise.all([testUser("buyer", 10), testUser("buyer", 10), testUser("buyer", 10)]);
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    for (const user of users) {
      await followBids(user, true);
      await bid(user, auction.id);
    }
    const commands = await commandsSentBy(() => sweepEndingSoonAlerts(auction.endsAt - MINUTE));
    expect(commands).not.toContain("ScanCommand");
    for (const user of users) expect(await endingSoonEmails(user)).toHaveLength(1);
  });
});
