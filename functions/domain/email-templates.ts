/**
 * What an email says (docs/product.md section 2, Emails): an event and its recipient in, the subject,
 * text and HTML out. Links back go through the web's own path table (shared/paths.ts), so an email
 * never points at a page the web has moved. Pure.
 */
import { formatCents } from "#shared/money";
import { paths } from "#shared/paths";
import type { EmailData, EmailEvent, EmailKind } from "#shared/schemas/notifications";
import { withoutControlCharacters } from "#shared/text";
import { type EmailContent, emailHtml, emailText } from "./email-layout.ts";

export interface EmailSite {
  name: string;
  /** https://host, no trailing slash. */
  url: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface Body {
  subject: string;
  lines: string[];
  /** Where the email's button leads (a path of the site). */
  link: { label: string; path: string };
}

/** Emails have no reader's time zone: times are written in UTC, with the zone named. */
const utc = (ms: number) =>
  `${new Date(ms).toLocaleString("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" })} UTC`;

function bodyOf(kind: EmailKind, data: EmailData, username: string, site: EmailSite): Body {
  const item = data.productName ?? "your item";
  const price = data.priceCents !== undefined ? formatCents(data.priceCents) : undefined;
  const auction = data.auctionId ? paths.auction.getHref(data.auctionId) : paths.home.getHref();
  const checkout = data.buyNow
    ? paths.orderCheckout.getBuyNowHref(data.auctionId ?? "")
    : paths.orderCheckout.getHref(data.auctionId ?? "");
  const deadline = data.payBy !== undefined ? utc(data.payBy) : "the deadline";
  const shipBy = data.shipBy !== undefined ? utc(data.shipBy) : "the ship-by date";
  const when = data.happenedAt !== undefined ? utc(data.happenedAt) : "just now";
  const device = data.deviceName ?? "an unknown device";
  const notYou =
    "If this was not you, reset your password at once from the sign-in page: that signs every device out and removes every passkey.";
  switch (kind) {
    case "welcome":
      return {
        subject: `Welcome to ${site.name}, ${username}`,
        lines: [
          `Your account ${username} is ready.`,
          "Buy a bid package, pick a live auction and place your first bid: the last bidder when the clock reaches zero wins.",
        ],
        link: { label: "See the live auctions", path: paths.home.getHref() },
      };
    case "outbid":
      return {
        subject: `You've been outbid on ${item}`,
        lines: [
          `Someone bid on ${item}${price ? `, now at ${price}` : ""}. You are no longer the highest bidder.`,
        ],
        link: { label: "Bid again", path: auction },
      };
    case "ending_soon":
      return {
        subject: `${item} is ending soon`,
        lines: [
          `${item}, an auction you watch, has ${data.minutesLeft ?? "a few"} minutes or less left${price ? ` at ${price}` : ""}.`,
          "Each bid adds a few seconds to the clock, so the last bid still decides. This is the only reminder we send for it.",
        ],
        link: { label: "Bid now", path: auction },
      };
    case "won":
      return {
        subject: `You won ${item}!`,
        lines: [
          `Congratulations: you won ${item}${price ? ` for ${price}` : ""}.`,
          "Check out to have it shipped.",
        ],
        link: { label: "Check out", path: paths.orderCheckout.getHref(data.auctionId ?? "") },
      };
    case "bids_purchased":
      return {
        subject: `Receipt: ${data.bidCount ?? 0} bids`,
        lines: [
          `Thank you for your purchase of ${data.bidCount ?? 0} bids${data.amountCents !== undefined ? ` for ${formatCents(data.amountCents)}` : ""}.`,
          "They are in your balance now.",
        ],
        link: { label: "Go bidding", path: paths.home.getHref() },
      };
    case "order_paid":
      return {
        subject: `Receipt: your order of ${item}`,
        lines: [
          `We received your payment${price ? ` of ${price}` : ""} for ${item}.`,
          "The seller has been told to ship it; we'll email you the tracking number.",
        ],
        link: { label: "See your orders", path: paths.orders.getHref() },
      };
    case "shipped":
      return {
        subject: `${item} has shipped`,
        lines: [`${item} is on its way.`, `Tracking number: ${data.trackingNumber ?? "not given"}`],
        link: { label: "See your orders", path: paths.orders.getHref() },
      };
    case "seller_approved":
      return {
        subject: "Your seller account is approved",
        lines: [`${data.businessName ?? "Your business"} may now list products for auction.`],
        link: { label: "Open your dashboard", path: paths.sellerDashboard.getHref() },
      };
    case "seller_rejected":
      return {
        subject: "Your seller application was not approved",
        lines: [`We could not approve ${data.businessName ?? "your business"} as a seller.`],
        link: { label: `Visit ${site.name}`, path: paths.home.getHref() },
      };
    case "product_approved":
      return {
        subject: `${item} is approved`,
        lines: [`${item} is approved and its auction is live.`],
        link: { label: "See the auction", path: auction },
      };
    case "payment_reminder":
      return {
        subject: `Reminder: pay for ${item} by ${deadline}`,
        lines: [
          `You have until ${deadline} to pay${price ? ` ${price}` : ""} for ${item}.`,
          "After that the order expires and the item goes back to the seller.",
        ],
        link: { label: "Pay now", path: checkout },
      };
    case "payment_expired":
      return {
        subject: `Your order of ${item} has expired`,
        lines: [
          `The payment deadline for ${item} passed on ${deadline} without a payment, so the order has expired.`,
          "It can no longer be paid for.",
        ],
        link: { label: "See your wins", path: paths.myWins.getHref() },
      };
    case "sale_expired":
      if (data.exchanged)
        return {
          subject: `The winner of ${item} gave it up`,
          lines: [
            `The winner of ${item} exchanged the win for their bids before paying, so the sale is off and nothing will ship.`,
            "An admin may list the item in a new auction.",
          ],
          link: { label: "Open your dashboard", path: paths.sellerDashboard.getHref() },
        };
      return {
        subject: `The buyer of ${item} did not pay`,
        lines: [
          `The buyer of ${item} did not pay by ${deadline}, so the sale has expired and nothing will ship.`,
          "The buyer can no longer pay for it.",
        ],
        link: { label: "Open your dashboard", path: paths.sellerDashboard.getHref() },
      };
    case "ship_by_reminder":
      return {
        subject: `Reminder: ship ${item} by ${shipBy}`,
        lines: [
          `The buyer paid for ${item}. Mark it shipped by ${shipBy}.`,
          "After that the buyer may cancel the order, and the final price is refunded to them in full.",
        ],
        link: { label: "See your orders", path: paths.sellerOrders.getHref() },
      };
    case "sale_cancelled":
      return {
        subject: `The buyer cancelled ${item}: it was not shipped in time`,
        lines: [
          `${item} was not marked shipped by ${shipBy}, so the buyer cancelled the order.`,
          "The final price is refunded to the buyer in full. Do not ship it.",
        ],
        link: { label: "See your orders", path: paths.sellerOrders.getHref() },
      };
    case "verify_email":
      return {
        subject: `Verify your email address for ${site.name}`,
        lines: [
          "Please confirm that this address is yours. The link works once, for 24 hours.",
          "If you did not ask for this, ignore this email: nothing changes.",
        ],
        link: { label: "Verify your email", path: paths.verifyEmail.getHref(data.token ?? "") },
      };
    case "password_reset":
      return {
        subject: `Reset your ${site.name} password`,
        lines: [
          "Someone (hopefully you) asked to reset your password. The link works once, for 30 minutes.",
          "If it was not you, ignore this email: your password stays as it is.",
        ],
        link: { label: "Choose a new password", path: paths.resetPassword.getHref(data.token ?? "") },
      };
    case "password_changed":
      return {
        subject: `Your ${site.name} password was changed`,
        lines: [
          "Your password was just reset, and every device signed in to your account was signed out.",
          ...(data.removedPasskeys?.length
            ? [
                `These passkeys were removed: ${data.removedPasskeys.join(", ")}. Add the ones that are yours again once signed in.`,
              ]
            : []),
          "If this was not you, reset your password again at once from the sign-in page.",
        ],
        link: { label: "Sign in", path: paths.login.getHref() },
      };
    case "passkey_added":
      return {
        subject: `A passkey was added to your ${site.name} account`,
        lines: [
          `The passkey "${data.passkeyName ?? device}" was added from ${device} on ${when}. It signs in to your account without a password.`,
          notYou,
        ],
        link: { label: "Reset your password", path: paths.forgotPassword.getHref() },
      };
    case "two_factor_enabled":
      return {
        subject: `Two-factor sign-in was turned on for your ${site.name} account`,
        lines: [
          `Two-factor sign-in was turned on from ${device} on ${when}: every sign-in now also asks for a code from an authenticator app.`,
          "If this was not you, reset your password at once from the sign-in page and contact us to turn two-factor off.",
        ],
        link: { label: "Reset your password", path: paths.forgotPassword.getHref() },
      };
    case "email_change_requested":
      return {
        subject: `Your ${site.name} email address is being changed`,
        lines: [
          `Your account asked to use ${data.newEmail ?? "a new address"} from now on. It takes effect once that address is verified.`,
          "If this was not you, reset your password at once: whoever asked knows it.",
        ],
        link: { label: "Reset your password", path: paths.forgotPassword.getHref() },
      };
    case "referral_rewarded":
      return {
        subject: `A friend you invited joined: ${data.bidCount ?? "free"} free bids for you`,
        lines: [
          `Someone who registered with your invitation link bought their first bid package, so you both got ${data.bidCount ?? "some"} free bids.`,
          "Free bids are in your balance now. They count at $0 toward Buy It Now and in all-in figures.",
        ],
        link: { label: "See your invitations", path: paths.inviteFriends.getHref() },
      };
    case "product_rejected":
      return {
        subject: `${item} was not approved`,
        lines: [`We could not approve ${item} for auction.`],
        link: { label: "Open your dashboard", path: paths.sellerDashboard.getHref() },
      };
    case "late_order_cancelled":
      return {
        subject: `[Orders] A buyer cancelled a late order: ${item}`,
        lines: [
          `${item} was not marked shipped by ${shipBy}, so the buyer cancelled the order.`,
          "The final price is refunded to the buyer in full and their bids are back. The order is on the admin's late list.",
        ],
        link: { label: "Open the admin dashboard", path: paths.admin.getHref() },
      };
    case "support_message":
      return {
        subject: `[Support] ${data.supportSubject ?? "A message from Contact Us"}`,
        lines: [
          `From: ${data.fromEmail ?? "unknown"}${data.fromUsername ? ` (account ${data.fromUsername})` : " (not signed in)"}`,
          ...(data.orderId ? [`Order: ${data.orderId}`] : []),
          ...(data.supportLines ?? []),
          "Answer by email to the address above, then mark the message answered in the Support tab.",
        ],
        link: { label: "Open the Support tab", path: paths.admin.getHref() },
      };
  }
}

/** The emails about an order or a purchase: they repeat its details under the message. */
const ORDER_KINDS: ReadonlySet<EmailKind> = new Set([
  "won",
  "bids_purchased",
  "order_paid",
  "shipped",
  "payment_reminder",
  "payment_expired",
  "sale_expired",
  "ship_by_reminder",
  "sale_cancelled",
  "late_order_cancelled",
]);

function orderDetails(data: EmailData): Array<[string, string]> {
  const rows: Array<[string, string | undefined]> = [
    ["Item", data.productName],
    ["Price", data.priceCents !== undefined ? formatCents(data.priceCents) : undefined],
    ["Bids", data.bidCount !== undefined ? String(data.bidCount) : undefined],
    ["Amount", data.amountCents !== undefined ? formatCents(data.amountCents) : undefined],
    ["Order", data.orderId],
    ["Tracking number", data.trackingNumber],
    ["Pay by", data.payBy !== undefined ? utc(data.payBy) : undefined],
    ["Ship by", data.shipBy !== undefined ? utc(data.shipBy) : undefined],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

/** Every text of the event's data on one line (numbers and ids pass as they are). */
function oneLineData(data: EmailData): EmailData {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === "string"
        ? withoutControlCharacters(value)
        : Array.isArray(value)
          ? value.map((v) => (typeof v === "string" ? withoutControlCharacters(v) : v))
          : value,
    ]),
  ) as EmailData;
}

/**
 * The email of an event: a plain-text and an HTML part, each with the site's name and a link back.
 * Names come from what users typed, possibly before the schemas refused control characters: each is
 * put on one line first, so none can add a header line to the subject or a line to the text.
 */
export function renderEmail(
  event: Pick<EmailEvent, "kind" | "data">,
  rawUsername: string,
  site: EmailSite,
): RenderedEmail {
  const username = withoutControlCharacters(rawUsername);
  const body = bodyOf(event.kind, oneLineData(event.data), username, site);
  const content: EmailContent = {
    site,
    greeting: `Hello ${username},`,
    lines: body.lines,
    button: { label: body.link.label, href: `${site.url}${body.link.path}` },
    details: ORDER_KINDS.has(event.kind) ? orderDetails(oneLineData(event.data)) : [],
  };
  const text = emailText(content);
  const html = emailHtml(content);
  return { subject: withoutControlCharacters(body.subject), text, html };
}
