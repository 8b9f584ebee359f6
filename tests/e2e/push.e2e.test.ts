/**
 * Web Push in Chromium through the dev stack: the notifications page turns push on (permission, the
 * service worker's pushManager with the site's VAPID key, the subscription saved), an outbid reaches
 * the local push service, the same payload delivered to the worker through CDP
 * (`ServiceWorker.deliverPushMessage`, as a push service would) shows a notification, and its click
 * opens the auction. Headless Chromium has no push service of its own to subscribe with, so the page's
 * PushManager answers with a subscription made here, keys and all.
 */
import { createECDH, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { NotificationSettings } from "#shared/schemas/notifications";
import type { PushDelivery } from "#shared/schemas/push";
import { goldCoinAuction } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { webUrl } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function newSubscription(): FakeSubscription {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${crypto.randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** The page's PushManager hands out `subscription`; the key it was asked with is kept in `window.pushKey`. */
async function fakePushService(page: Page, subscription: FakeSubscription) {
  await page.addInitScript((made: FakeSubscription) => {
    let current: PushSubscription | null = null;
    const asSubscription = {
      endpoint: made.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      (window as unknown as { pushKey: string }).pushKey = btoa(String.fromCharCode(...key))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
      current = asSubscription;
      return asSubscription;
    };
  }, subscription);
}

describe.each(PHONE_AND_DESKTOP)("push notifications at %s size", (label, viewport) => {
  it("turns on in the settings, switches alerts, and turns off again", async () => {
    const buyer = await signedIn("buyer", { viewport });
    const { page } = buyer;
    const seen = problems(page);
    await page.context().grantPermissions(["notifications"], { origin: new URL(webUrl("/")).origin });
    const subscription = newSubscription();
    await fakePushService(page, subscription);

    await page.goto("/notifications");
    const section = page.getByRole("heading", { name: "Push notifications" });
    await section.waitFor();
    const status = page.getByText("Push notifications are off on this device.");
    await status.waitFor();
    await page.getByRole("button", { name: "Turn on push notifications" }).click();
    await page.getByText("Push notifications are on for this device.").waitFor();
    const publicKey = (await (await page.request.get("/api/push/public-key")).json()) as {
      publicKey: string;
    };
    expect(await page.evaluate(() => (window as unknown as { pushKey: string }).pushKey)).toBe(
      publicKey.publicKey,
    );

    const endingSoon = page.getByRole("switch", { name: /Ending soon/ });
    expect(await endingSoon.isChecked()).toBe(true);
    await endingSoon.click();
    const settings = async () =>
      ((await (await page.request.get("/api/me/notifications")).json()) as NotificationSettings).push;
    await expect.poll(settings).toEqual({ outbid: true, won: true, endingSoon: false });
    await section.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `/tmp/push-settings-${label}.png`, fullPage: true });
    expect(await axeFindings(page, `push settings (${label})`)).toEqual([]);

    await page.getByRole("button", { name: "Turn off push notifications" }).click();
    await status.waitFor();
    await page.getByRole("button", { name: "Turn on push notifications" }).waitFor();
    expect(seen).toEqual([]);
  });
});

describe("an alert pushed to the browser", () => {
  it("an outbid reaches the push service; delivered to the worker it shows a notification whose click opens the auction", async () => {
    const seller = await signedIn("seller", { approved: true });
    const buyer = await signedIn("buyer", { bidBalance: 5 });
    const rival = await signedIn("buyer", { bidBalance: 5 });
    const auction = await goldCoinAuction(seller, "Push Eagle", 3600, "Push Vault", { buyNowStock: 0 });
    const { page } = buyer;
    const origin = new URL(webUrl("/")).origin;
    await page.context().grantPermissions(["notifications"], { origin });
    await fakePushService(page, newSubscription());

    const cdp = await page.context().newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
      for (const r of updated) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send("ServiceWorker.enable");

    await page.goto("/notifications");
    await page.getByRole("button", { name: "Turn on push notifications" }).click();
    await page.getByText("Push notifications are on for this device.").waitFor();

    for (const bidder of [buyer, rival]) {
      const bid = await bidder.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} });
      expect(bid.status()).toBe(200);
    }
    const delivered = async () =>
      (await (await page.request.get(`/api/dev/push?userId=${buyer.id}`)).json()) as PushDelivery[];
    await expect.poll(async () => (await delivered()).length, { timeout: 20_000 }).toBe(1);
    const [push] = await delivered();
    expect(push).toMatchObject({ kind: "outbid", url: `/auction/${auction.id}` });

    await expect.poll(() => registrations.get(webUrl("/"))).toBeDefined();
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: registrations.get(webUrl("/"))!,
      data: JSON.stringify({ title: push!.title, body: push!.body, url: push!.url }),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          url: (n.data as { url: string }).url,
        }));
      });
    await expect
      .poll(shown)
      .toEqual([
        { title: `You've been outbid on ${auction.product.name}`, url: webUrl(`/auction/${auction.id}`) },
      ]);

    // A click: the worker's notificationclick with the shown notification. Only a real click may open
    // a window, so the worker's openWindow is watched instead, and the address it was given opened.
    const worker = page.context().serviceWorkers()[0]!;
    const opened = await worker.evaluate(async () => {
      const scope = self as unknown as {
        clients: { openWindow: (url: string) => Promise<unknown> };
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const asked: string[] = [];
      scope.clients.openWindow = async (url) => {
        asked.push(url);
        return null;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
      for (let i = 0; i < 100 && asked.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      return asked;
    });
    expect(opened).toEqual([webUrl(`/auction/${auction.id}`)]);
    expect(await shown()).toEqual([]);
    await page.goto(opened[0]!);
    await page.getByRole("heading", { name: auction.product.name }).waitFor();
  });
});
