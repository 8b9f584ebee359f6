/**
 * This browser's Web Push subscription (docs/product.md, Alerts): asked for through the service
 * worker's pushManager with the site's VAPID public key, and saved as the signed-in user's.
 */
import { api, apiRequest, getServerMessage } from "@web/lib/api-client.ts";
import type { PushPublicKey } from "#shared/schemas/push";

const SUBSCRIPTIONS_PATH = "/api/me/push-subscriptions";

export type PushState = "unsupported" | "blocked" | "off" | "on";

/** Whether this browser can get pushes at all (an iPhone only once the site is installed). */
function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Where this browser stands: no push, notifications blocked, or subscribed or not. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return (await currentSubscription()) ? "on" : "off";
}

/** The key as the browser takes it: bytes, from base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Asks permission, subscribes this browser and saves the subscription; answers the state after. */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { publicKey } = await api.get<PushPublicKey>("/api/push/public-key");
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api.post(SUBSCRIPTIONS_PATH, subscription.toJSON());
  return "on";
}

/** Forgets this browser's subscription on the server, then in the browser. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiRequest("DELETE", SUBSCRIPTIONS_PATH, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return "off";
}

/**
 * Why turning push on or off failed, in the user's terms: the site's own message, or what the browser
 * said (no push service to subscribe with, not allowed, no connection).
 */
export function pushFailureReason(error: unknown): string {
  const server = getServerMessage(error);
  if (server) return server;
  if (error instanceof DOMException) {
    if (error.name === "NotAllowedError") return "This browser did not allow notifications for this site.";
    if (error.name === "AbortError" || error.name === "InvalidStateError")
      return "This browser's push service did not answer (some browsers, and private windows, have none). Try another browser, or later.";
  }
  if (error instanceof TypeError)
    return "The site could not be reached: check your connection and try again.";
  return error instanceof Error && error.message ? error.message : "The browser gave no reason.";
}
