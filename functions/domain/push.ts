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
