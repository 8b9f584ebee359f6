/**
 * Web Push as `npm run dev` runs it: a browser's subscription saved through the routes, alerts on the
 * email queue handed to the sender (alerts/send-alerts), which pushes through the local push
 * service; GET /api/dev/push lists what reached each user's browsers.
 */
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailEvent } from "#shared/schemas/notifications";
import type { PushDelivery, PushPublicKey } from "#shared/schemas/push";
import { listPushSubscriptions } from "../../../functions/adapters/dynamo/push-subscriptions-repo.ts";
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_ENDPOINT_MESSAGE } from "../../../functions/domain/push.ts";
import { sweepEndingSoonAlerts } from "../../../functions/usecases/alerts/ending-soon.ts";
import { sendPushEvent } from "../../../functions/usecases/alerts/send-push.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { liveAuction, type TestUser, testUser } from "../auctions/fixtures.ts";
import { auctionOf, bidInTurn } from "../support/actors.ts";
import { type EmailPipeline, startEmailPipeline } from "../support/email-pipeline.ts";
import { useFreshTable } from "../support/fresh-table.ts";

const table = useFreshTable("push");

let pipeline: EmailPipeline;

beforeAll(async () => {
  pipeline = await startEmailPipeline(table);
});

afterAll(() => pipeline?.stop());

const MINUTE = 60_000;

/** A browser's subscription as PushSubscription.toJSON() gives it (real key sizes). */
function browserSubscription(endpoint = `https://push.example.com/send/${crypto.randomUUID()}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

async function subscribe(user: TestUser, subscription = browserSubscription()) {
  const res = await user.call({ method: "POST", path: "/api/me/push-subscriptions", body: subscription });
  expect(res.status).toBe(201);
  return subscription;
}

async function pushes(user: TestUser): Promise<PushDelivery[]> {
  await pipeline.queue.idle();
  const res = await invokeRoute<PushDelivery[]>({
    method: "GET",
    path: `/api/dev/push?userId=${encodeURIComponent(user.id)}`,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function setPush(user: TestUser, push: { outbid: boolean; won: boolean; endingSoon: boolean }) {
  const res = await user.call({
    method: "PUT",
    path: "/api/me/notifications",
    body: { outbid: true, won: true, marketing: true, push },
  });
  expect(res.status).toBe(200);
}

function alert(user: TestUser, kind: "outbid" | "won", auctionId: string, at = Date.now()): EmailEvent {
  return {
    key: `${kind}#${auctionId}#${at}`,
    kind,
    recipient: { userId: user.id },
    at,
    data: { auctionId, productName: "Gold Maple 1 oz", priceCents: 1234 },
  };
}

const deliver = async (...events: EmailEvent[]) => {
  await pipeline.queue.enqueue(events);
  await pipeline.queue.idle();
};

describe("GET /api/push/public-key", () => {
  it("answers the VAPID public key the browser subscribes with, to anyone", async () => {
    const res = await invokeRoute<PushPublicKey>({ method: "GET", path: "/api/push/public-key" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: process.env.VAPID_PUBLIC_KEY });
    // An uncompressed P-256 point: 65 bytes, base64url.
    expect(Buffer.from(res.body.publicKey, "base64url")).toHaveLength(65);
  });
});

describe("POST and DELETE /api/me/push-subscriptions", () => {
  it("201 saves the browser's subscription; DELETE with its endpoint answers 204 and stops the pushes", async () => {
    const user = await testUser();
    const subscription = await subscribe(user);
    await deliver(alert(user, "won", "auction-saved"));
    expect((await pushes(user)).map((p) => p.endpoint)).toEqual([subscription.endpoint]);

    const removed = await user.call({
      method: "DELETE",
      path: "/api/me/push-subscriptions",
      body: { endpoint: subscription.endpoint },
    });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    await deliver(alert(user, "won", "auction-after-delete"));
    expect(await pushes(user)).toHaveLength(1);
    // Forgetting it again changes nothing.
    expect(
      (
        await user.call({
          method: "DELETE",
          path: "/api/me/push-subscriptions",
          body: { endpoint: subscription.endpoint },
        })
      ).status,
    ).toBe(204);
  });

  it("400 with a clear message for an endpoint that is not https or keys that are not base64url, saving nothing", async () => {
    const user = await testUser();
    const good = browserSubscription();
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: "http://push.example.com/send/1" }, "endpoint: endpoint must be an https URL"],
      [{ ...good, endpoint: "not a url" }, "endpoint: endpoint must be an https URL"],
      [{ keys: good.keys }, "endpoint: endpoint is required"],
      [
        { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 80)}+/+/+/=` } },
        "keys.p256dh: keys.p256dh must be base64url (87 characters: 65 bytes)",
      ],
      [
        { ...good, keys: { ...good.keys, auth: "short" } },
        "keys.auth: keys.auth must be base64url (22 characters: 16 bytes)",
      ],
      [{ endpoint: good.endpoint }, "keys: keys is required"],
    ];
    for (const [body, message] of cases) {
      const res = await user.call({ method: "POST", path: "/api/me/push-subscriptions", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      (
        await user.call({
          method: "DELETE",
          path: "/api/me/push-subscriptions",
          body: { endpoint: "ftp://x" },
        })
      ).status,
    ).toBe(400);
    expect(
      await sendPushEvent(alert(user, "won", "auction-bad-input"), failIfCalled, { now: Date.now() }),
    ).toBe("no_subscription");
  });

  it("400 for any endpoint that is not a browser push service over https on 443, saving nothing", async () => {
    const user = await testUser();
    const refused = [
      "https://127.0.0.1/send/1",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/send/1",
      "https://[fd00:ec2::254]/send/1",
      "https://2130706433/send/1",
      "https://internal.service.local/send/1",
      "https://localhost/send/1",
      "https://fcm.googleapis.com.evil.example/send/1",
      "https://evilfcm.googleapis.com/send/1",
      "https://fcm.googleapis.com:8443/fcm/send/1",
      "https://user:pw@fcm.googleapis.com/fcm/send/1",
      "https://push.example.com:444/send/1",
    ];
    for (const endpoint of refused) {
      const res = await user.call({
        method: "POST",
        path: "/api/me/push-subscriptions",
        body: browserSubscription(endpoint),
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBe(PUSH_ENDPOINT_MESSAGE);
    }
    expect(await listPushSubscriptions(user.id)).toEqual([]);
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx",
      "https://wns2-by3p.notify.windows.com/w/?token=abc",
      "https://FCM.googleapis.com:443/fcm/send/upper",
    ]) {
      await subscribe(user, browserSubscription(endpoint));
    }
    expect(await listPushSubscriptions(user.id)).toHaveLength(5);
  });

  it("the local push service stand-in's host is a push service only on the local stack", async () => {
    const user = await testUser();
    const previous = process.env.LOCAL_STACK;
    delete process.env.LOCAL_STACK;
    try {
      const res = await user.call({
        method: "POST",
        path: "/api/me/push-subscriptions",
        body: browserSubscription(),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PUSH_ENDPOINT_MESSAGE);
      await subscribe(user, browserSubscription("https://fcm.googleapis.com/fcm/send/off-stack"));
    } finally {
      process.env.LOCAL_STACK = previous;
    }
    await subscribe(user);
    expect(await listPushSubscriptions(user.id)).toHaveLength(2);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} subscriptions a user: the next one replaces the oldest`, async () => {
    const [user, other] = await Promise.all([testUser(), testUser()]);
    const otherOne = await subscribe(other);
    const made: string[] = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i++) {
      made.push((await subscribe(user)).endpoint);
      // Each a later createdAt than the one before.
      await expect.poll(() => Date.now()).toBeGreaterThan(Date.now());
    }
    const newest = await subscribe(user);
    const kept = (await listPushSubscriptions(user.id)).map((s) => s.endpoint).sort();
    expect(kept).toEqual([...made.slice(1), newest.endpoint].sort());
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    await deliver(alert(user, "won", "auction-capped"));
    expect((await pushes(user)).map((p) => p.endpoint)).not.toContain(made[0]);
    // Another user's are their own.
    expect((await listPushSubscriptions(other.id)).map((s) => s.endpoint)).toEqual([otherOne.endpoint]);
  });

  it("401 signed out", async () => {
    const post = await invokeRoute({
      method: "POST",
      path: "/api/me/push-subscriptions",
      body: browserSubscription(),
    });
    expect(post.status).toBe(401);
    const del = await invokeRoute({
      method: "DELETE",
      path: "/api/me/push-subscriptions",
      body: { endpoint: "https://push.example.com/send/1" },
    });
    expect(del.status).toBe(401);
  });

  it("one endpoint belongs to one user at a time: the browser's last account to subscribe", async () => {
    const [first, second] = await Promise.all([testUser(), testUser()]);
    const shared = await subscribe(first);
    await subscribe(second, browserSubscription(shared.endpoint));
    await deliver(alert(first, "won", "auction-shared-1"), alert(second, "won", "auction-shared-2"));
    expect(await pushes(first)).toEqual([]);
    expect((await pushes(second)).map((p) => p.endpoint)).toEqual([shared.endpoint]);
    // The first account forgetting it does not take it from the second.
    await first.call({
      method: "DELETE",
      path: "/api/me/push-subscriptions",
      body: { endpoint: shared.endpoint },
    });
    await deliver(alert(second, "won", "auction-shared-3"));
    expect(await pushes(second)).toHaveLength(2);
  });
});

const failIfCalled = async () => {
  throw new Error("nothing should be pushed");
};

describe("alerts by push", () => {
  it("won: {title, body, url} with the auction's page, to every browser of the user, once", async () => {
    const user = await testUser();
    const [phone, laptop] = [await subscribe(user), await subscribe(user)];
    const event = alert(user, "won", "auction-won");
    await deliver(event);
    const sent = await pushes(user);
    expect(sent.map((p) => p.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const push of sent) {
      expect(push).toMatchObject({
        kind: "won",
        title: "You won Gold Maple 1 oz!",
        body: "Final price $12.34. Check out to have it shipped.",
        url: "/auction/auction-won",
        status: 201,
      });
    }
    // The same event delivered again, even twice at once, pushes nothing more.
    await deliver(event, event);
    expect(await pushes(user)).toHaveLength(2);
  });

  it("goes only while the user's push switch for that alert is on", async () => {
    const user = await testUser();
    await subscribe(user);
    await setPush(user, { outbid: false, won: true, endingSoon: true });
    await deliver(alert(user, "outbid", "auction-off"));
    expect(await pushes(user)).toEqual([]);
    await setPush(user, { outbid: true, won: false, endingSoon: true });
    await deliver(alert(user, "won", "auction-off-won"), alert(user, "outbid", "auction-on"));
    expect((await pushes(user)).map((p) => p.kind)).toEqual(["outbid"]);
  });

  it("outbid: at most one per auction and user in 5 minutes (the email's rule, on the events' own times)", async () => {
    const user = await testUser();
    await subscribe(user);
    const t = Date.now();
    await deliver(alert(user, "outbid", "auction-throttle", t));
    await deliver(alert(user, "outbid", "auction-throttle", t + MINUTE));
    expect(await pushes(user)).toHaveLength(1);
    // Another auction has its own window.
    await deliver(alert(user, "outbid", "auction-other", t + MINUTE));
    expect(await pushes(user)).toHaveLength(2);
    await deliver(alert(user, "outbid", "auction-throttle", t + 6 * MINUTE));
    expect((await pushes(user)).filter((p) => p.url === "/auction/auction-throttle")).toHaveLength(2);
  });

  it("outbid from a real bid: the stream consumer's event reaches the old leader's browser", async () => {
    const [seller, first, second] = await Promise.all([
      testUser("seller"),
      testUser("buyer", 5),
      testUser("buyer", 5),
    ]);
    await subscribe(first);
    await subscribe(second);
    const startedAt = Date.now();
    const live = await auctionOf(seller, {
      product: {
        name: "Platinum Bar 1 oz",
        description: "One ounce of platinum.",
        metalType: "platinum",
        imageUrl: "/images/products/platinum-bars.svg",
        startingPriceCents: 100,
      },
      durationSeconds: 3600,
      now: startedAt,
    });
    await bidInTurn(live.id, [first, second], startedAt);
    await pipeline.poller.drain();
    const sent = await pushes(first);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "outbid",
      title: "You've been outbid on Platinum Bar 1 oz",
      url: `/auction/${live.id}`,
    });
    expect(await pushes(second)).toEqual([]);
  });

  it("ending soon: once per auction and user, through the sweep", async () => {
    const [user, quiet] = await Promise.all([testUser(), testUser()]);
    await subscribe(user);
    await subscribe(quiet);
    await setPush(quiet, { outbid: true, won: true, endingSoon: false });
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    for (const watcher of [user, quiet])
      expect((await watcher.call({ method: "PUT", path: `/api/me/watchlist/${auction.id}` })).status).toBe(
        200,
      );
    await sweepEndingSoonAlerts(auction.endsAt - 6 * MINUTE);
    expect(await pushes(user)).toEqual([]);
    for (const left of [5, 4, 5, 1]) await sweepEndingSoonAlerts(auction.endsAt - left * MINUTE);
    const sent = await pushes(user);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "ending_soon",
      title: `${auction.product.name} is ending soon`,
      url: `/auction/${auction.id}`,
    });
    expect(await pushes(quiet)).toEqual([]);
  });

  it("a subscription the push service reports gone (410) is deleted; the user's other browsers still get it", async () => {
    const user = await testUser();
    const gone = await subscribe(user, browserSubscription("https://push.example.com/send/gone"));
    const kept = await subscribe(user);
    await deliver(alert(user, "won", "auction-gone-1"));
    const first = await pushes(user);
    expect(first.map((p) => [p.endpoint, p.status]).sort()).toEqual(
      [
        [gone.endpoint, 410],
        [kept.endpoint, 201],
      ].sort(),
    );
    await deliver(alert(user, "won", "auction-gone-2"));
    const second = (await pushes(user)).filter((p) => p.url === "/auction/auction-gone-2");
    expect(second.map((p) => p.endpoint)).toEqual([kept.endpoint]);
  });

  it("a push service failing for every browser fails the event, which is retried and then pushed once", async () => {
    const user = await testUser();
    await subscribe(user);
    const event = alert(user, "won", "auction-flaky");
    let failures = 1;
    const sent: string[] = [];
    const flaky = async () => ({
      async send(_subscription: unknown, push: { title: string }) {
        if (failures-- > 0) throw new Error("push service is down");
        sent.push(push.title);
        return 201;
      },
    });
    await expect(sendPushEvent(event, flaky, { now: Date.now() })).rejects.toThrow("push service is down");
    expect(await sendPushEvent(event, flaky, { now: Date.now() })).toBe("sent");
    expect(await sendPushEvent(event, flaky, { now: Date.now() })).toBe("duplicate");
    expect(sent).toEqual(["You won Gold Maple 1 oz!"]);
  });

  it("a push service that never answers is given up on; the user's other browsers get theirs meanwhile", async () => {
    const user = await testUser();
    const stuck = await subscribe(user);
    const answering = await subscribe(user);
    const sent: string[] = [];
    const oneStuck = async () => ({
      send(subscription: { endpoint: string }) {
        if (subscription.endpoint === stuck.endpoint) return new Promise<number>(() => {});
        sent.push(subscription.endpoint);
        return Promise.resolve(201);
      },
    });
    const event = alert(user, "won", "auction-stuck");
    expect(await sendPushEvent(event, oneStuck, { now: Date.now(), deliveryTimeoutMs: 200 })).toBe("sent");
    expect(sent).toEqual([answering.endpoint]);

    // Every browser stuck: the event fails once the timeout passes, so the queue retries it.
    const allStuck = async () => ({ send: () => new Promise<number>(() => {}) });
    await expect(
      sendPushEvent(alert(user, "won", "auction-all-stuck"), allStuck, {
        now: Date.now(),
        deliveryTimeoutMs: 200,
      }),
    ).rejects.toThrow("push delivery gave up after 200 ms");
  });

  it("receipts and account emails never go as a push", async () => {
    const user = await testUser();
    await subscribe(user);
    const receipt: EmailEvent = {
      key: `bids_purchased#${user.id}`,
      kind: "bids_purchased",
      recipient: { userId: user.id },
      at: Date.now(),
      data: { bidCount: 5, amountCents: 300 },
    };
    expect(await sendPushEvent(receipt, failIfCalled, { now: Date.now() })).toBe("not_an_alert");
  });
});
