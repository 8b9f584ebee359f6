import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import type { StoredPushSubscription } from "../../../functions/adapters/dynamo/push-subscriptions-repo.ts";
import { webPushSender } from "../../../functions/adapters/push/web-push-sender.ts";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsOf,
} from "../../../functions/domain/notifications.ts";
import { PUSH_DELIVERY_TIMEOUT_MS, pushMessageOf, userWantsPush } from "../../../functions/domain/push.ts";

const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:push@example.com" };

function subscription(): StoredPushSubscription {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    userId: "u1",
    endpoint: "https://push.example.com/send/abc",
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    createdAt: "2026-11-27T00:00:00.000Z",
  };
}

const push = { kind: "won", title: "You won it!", body: "Check out.", url: "/auction/a1" };

describe("webPushSender", () => {
  it("sends the {title, body, url} JSON to the subscription, signed with the VAPID keys, and answers 201", async () => {
    const calls: unknown[][] = [];
    const sender = webPushSender(vapid, async (...args) => {
      calls.push(args);
      return { statusCode: 201, body: "", headers: {} };
    });
    const target = subscription();
    expect(await sender.send(target, push, 0)).toBe(201);
    const [sub, payload, options] = calls[0] as [unknown, string, webpush.RequestOptions];
    expect(sub).toEqual({ endpoint: target.endpoint, keys: target.keys });
    expect(JSON.parse(payload)).toEqual({ title: "You won it!", body: "Check out.", url: "/auction/a1" });
    expect(options.vapidDetails).toEqual(vapid);
    expect(options.TTL).toBeGreaterThan(0);
    // The library drops the socket of a push service that does not answer.
    expect(options.timeout).toBe(PUSH_DELIVERY_TIMEOUT_MS);
  });

  it("answers 404 and 410 (the subscription is gone) and throws on anything else", async () => {
    for (const status of [404, 410]) {
      const sender = webPushSender(vapid, async () => {
        throw new webpush.WebPushError("gone", status, {}, "", "https://push.example.com/send/abc");
      });
      expect(await sender.send(subscription(), push, 0)).toBe(status);
    }
    const failing = webPushSender(vapid, async () => {
      throw new webpush.WebPushError("server error", 500, {}, "", "https://push.example.com/send/abc");
    });
    await expect(failing.send(subscription(), push, 0)).rejects.toThrow("server error");
  });

  it("the library really encrypts and signs for a real subscription (no network: its request, not a send)", () => {
    const target = subscription();
    const request = webpush.generateRequestDetails(target, JSON.stringify(push), { vapidDetails: vapid });
    expect(request.endpoint).toBe(target.endpoint);
    expect(request.headers.Authorization).toMatch(/^vapid t=.+, k=/);
    expect(request.headers["Content-Encoding"]).toBe("aes128gcm");
  });
});

describe("push alerts (domain)", () => {
  it("only outbid, won and ending soon go as a push, each by its own switch", () => {
    const settings = notificationSettingsOf({ push: { outbid: false, won: true, endingSoon: true } });
    expect(userWantsPush("outbid", settings)).toBe(false);
    expect(userWantsPush("won", settings)).toBe(true);
    expect(userWantsPush("ending_soon", DEFAULT_NOTIFICATION_SETTINGS)).toBe(true);
    expect(userWantsPush("bids_purchased", DEFAULT_NOTIFICATION_SETTINGS)).toBe(false);
    expect(userWantsPush("welcome", DEFAULT_NOTIFICATION_SETTINGS)).toBe(false);
  });

  it("the message opens the auction's page, as the emails' links do", () => {
    const event = {
      key: "ending_soon#a1#u1",
      kind: "ending_soon" as const,
      recipient: { userId: "u1" },
      at: 0,
      data: { auctionId: "a1", productName: "Gold\nBar", priceCents: 250, minutesLeft: 5 },
    };
    expect(pushMessageOf(event)).toEqual({
      title: "Gold Bar is ending soon",
      body: "5 minutes or less left at $2.50. The last bid decides.",
      url: "/auction/a1",
    });
    expect(pushMessageOf({ ...event, kind: "shipped" })).toBeNull();
  });
});
