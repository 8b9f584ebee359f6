/**
 * Web Push alerts (docs/product.md, Alerts): which alerts may go as a push, whether the user wants
 * it, and what the notification says. Pure: the event and the settings in, the answer out.
 */
import { formatCents } from "#shared/money";
import { paths } from "#shared/paths";
import type { EmailKind, NotificationSettings } from "#shared/schemas/notifications";
import type { PushMessage } from "#shared/schemas/push";
import { withoutControlCharacters } from "#shared/text";
import type { EmailEvent } from "./notifications.ts";

/** The alerts that also go as a push, each to its own switch in `settings.push`. */
const PUSH_SETTING_OF: Partial<Record<EmailKind, keyof NotificationSettings["push"]>> = {
  outbid: "outbid",
  won: "won",
  ending_soon: "endingSoon",
};

/** Whether this kind of event may go as a push at all (every other email has no push). */
export function isPushAlert(kind: EmailKind): boolean {
  return PUSH_SETTING_OF[kind] !== undefined;
}

/** The one decision whether a user gets a push of `kind`: an alert kind whose push switch is on. */
export function userWantsPush(kind: EmailKind, settings: NotificationSettings): boolean {
  const setting = PUSH_SETTING_OF[kind];
  return setting !== undefined && settings.push[setting];
}

/**
 * The browsers' push services (Chrome and Edge's FCM, Firefox's autopush, Safari's, Windows'): the
 * only hosts, and their subdomains, that a subscription may make the server call. The sender posts
 * to the endpoint from inside AWS, so any other URL would let a user aim it at internal addresses.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
] as const;
/**
 * The host of the local stack's push service stand-in (adapters/push/local-push-service.ts records
 * pushes and calls no one): accepted only where LOCAL_STACK=1 (scripts/local/stack-env.ts).
 */
export const LOCAL_PUSH_SERVICE_HOST = "push.example.com";
export const PUSH_ENDPOINT_MESSAGE = "Push endpoint must be a browser push service";
/** Subscriptions kept per user: a new one past it replaces that user's oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** How long one delivery may take before it is given up (the others of the event go on meanwhile). */
export const PUSH_DELIVERY_TIMEOUT_MS = 5_000;

const underHost = (hostname: string, host: string) => hostname === host || hostname.endsWith(`.${host}`);

/**
 * Whether the server may post to `endpoint`: https on port 443, no credentials in it, to a browser
 * push service (or the stand-in on the local stack). IP literals never match a host name.
 */
export function isBrowserPushEndpoint(endpoint: string, localStack: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // URL drops ":443" for https, so any port left is another one.
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  const hosts: readonly string[] = localStack
    ? [...PUSH_SERVICE_HOSTS, LOCAL_PUSH_SERVICE_HOST]
    : PUSH_SERVICE_HOSTS;
  return hosts.some((host) => underHost(url.hostname, host));
}

/**
 * The subscriptions to delete so the user keeps at most `max`: the oldest ones, never `kept` (the one
 * just saved).
 */
export function subscriptionsOverCap<T extends { endpoint: string; createdAt: string }>(
  subscriptions: readonly T[],
  kept: string,
  max = MAX_PUSH_SUBSCRIPTIONS,
): T[] {
  const excess = subscriptions.length - max;
  if (excess <= 0) return [];
  return subscriptions
    .filter((s) => s.endpoint !== kept)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .slice(0, excess);
}

/** The push service's answers that mean the subscription is gone for good: it is deleted. */
export function subscriptionGone(status: number): boolean {
  return status === 404 || status === 410;
}

/**
 * The notification of an alert event: a title, one line and the auction's page (the same path as the
 * emails' links, shared/paths.ts). Null for a kind that has no push.
 */
export function pushMessageOf(event: EmailEvent): PushMessage | null {
  const data = event.data;
  const item = withoutControlCharacters(data.productName ?? "your item");
  const price = data.priceCents !== undefined ? formatCents(data.priceCents) : undefined;
  const url = data.auctionId ? paths.auction.getHref(data.auctionId) : paths.home.getHref();
  switch (event.kind) {
    case "outbid":
      return {
        title: `You've been outbid on ${item}`,
        body: `Someone bid${price ? `: now at ${price}` : ""}. Tap to bid again.`,
        url,
      };
    case "ending_soon":
      return {
        title: `${item} is ending soon`,
        body: `${data.minutesLeft ?? "A few"} minutes or less left${price ? ` at ${price}` : ""}. The last bid decides.`,
        url,
      };
    case "won":
      return {
        title: `You won ${item}!`,
        body: `${price ? `Final price ${price}. ` : ""}Check out to have it shipped.`,
        url,
      };
    default:
      return null;
  }
}
