/**
 * Which stored changes are worth an email, and what that email says (docs/product.md section 2, Emails).
 * Pure: a stream record's old and new images in, email events out; an event and its recipient in, the
 * message out. The event key is built from the change itself (never from the delivery), so a record
 * delivered twice, or the same change seen by two batches, names the same event.
 */
import { formatCents } from "#shared/money";
import type { EmailData, EmailEvent, EmailKind, NotificationSettings } from "#shared/schemas/notifications";
import { withoutControlCharacters } from "#shared/text";

type Item = Record<string, unknown>;

/**
 * One email to send: who gets it (a user, or a seller profile's user), what happened, and when (`at`,
 * the stream record's creation time: the outbid window is measured on it). `key` is unique per event
 * and the same on every delivery of it (the sender's idempotency key). Its shape is the queue message's
 * schema (shared/schemas/notifications.ts).
 */
export type { EmailData, EmailEvent } from "#shared/schemas/notifications";

/** The item types (their `type` attribute) whose changes may cause an email: the stream consumer sees only these (infra). */
export const EMAIL_SOURCE_TYPES = ["user", "auction", "bidPurchase", "order", "seller", "product"] as const;

/** At most one outbid email per auction per user in this long (measured on the events' own times). */
export const OUTBID_EMAIL_WINDOW_MS = 5 * 60 * 1000;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  outbid: true,
  won: true,
  marketing: true,
};

/** Settings as stored, with the defaults for anything never set. */
export function notificationSettingsOf(
  stored: Partial<NotificationSettings> | undefined,
): NotificationSettings {
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...stored };
}

/**
 * Emails about the account itself and receipts: they always go, verified address or not (a
 * verification or reset link must reach an unproved address). Every other kind is a notification.
 */
const ACCOUNT_AND_RECEIPT_KINDS: ReadonlySet<EmailKind> = new Set<EmailKind>([
  "welcome",
  "bids_purchased",
  "order_paid",
  "shipped",
  "seller_approved",
  "seller_rejected",
  "product_approved",
  "product_rejected",
  "verify_email",
  "password_reset",
  "password_changed",
  "email_change_requested",
]);

/**
 * The one decision whether a user gets an email of `kind`: account emails and receipts always go;
 * notifications (outbid, won, and any alert or marketing kind added later, which is a notification
 * unless listed above) go only to a verified address, and outbid and won only while turned on.
 */
export function userWantsEmail(
  kind: EmailKind,
  settings: NotificationSettings,
  emailVerified: boolean,
): boolean {
  if (ACCOUNT_AND_RECEIPT_KINDS.has(kind)) return true;
  if (!emailVerified) return false;
  if (kind === "outbid") return settings.outbid;
  if (kind === "won") return settings.won;
  return true;
}

/** An outbid email at `at` may go when the last one for the same auction and user went at or before this. */
export function outbidWindowCutoff(at: number, windowMs: number): number {
  return at - windowMs;
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);
const productName = (item: Item) => str((item.product as Item | undefined)?.name) ?? "your item";

/** The email events one stored change causes (usually none). */
export function emailEventsFor(
  oldImage: Item | undefined,
  newImage: Item | undefined,
  at: number,
): EmailEvent[] {
  if (!newImage) return [];
  const type = newImage.type;
  const id = str(newImage.id);
  if (!id) return [];
  const events: EmailEvent[] = [];
  const add = (kind: EmailKind, key: string, recipient: EmailEvent["recipient"], data: EmailData = {}) =>
    events.push({ key: `${kind}#${key}`, kind, recipient, at, data });

  if (type === "user" && !oldImage) add("welcome", id, { userId: id });

  if (type === "auction" && oldImage) {
    const before = str(oldImage.lastBidderId);
    const after = str(newImage.lastBidderId);
    const totalBids = num(newImage.totalBids) ?? 0;
    if (before && after && before !== after && totalBids > (num(oldImage.totalBids) ?? 0)) {
      add(
        "outbid",
        `${id}#${totalBids}`,
        { userId: before },
        {
          auctionId: id,
          productName: productName(newImage),
          priceCents: num(newImage.priceCents),
        },
      );
    }
    const winner = str(newImage.winnerId);
    if (newImage.status === "won" && oldImage.status !== "won" && winner) {
      add(
        "won",
        id,
        { userId: winner },
        {
          auctionId: id,
          productName: productName(newImage),
          priceCents: num(newImage.priceCents),
        },
      );
    }
  }

  if (type === "bidPurchase" && !oldImage) {
    const userId = str(newImage.userId);
    if (userId)
      add(
        "bids_purchased",
        str(newImage.stripePaymentIntentId) ?? id,
        { userId },
        {
          bidCount: num(newImage.bidCount),
          amountCents: num(newImage.amountCents),
        },
      );
  }

  if (type === "order") {
    const buyerId = str(newImage.buyerId);
    const data = {
      orderId: id,
      auctionId: str(newImage.auctionId),
      productName: productName(newImage),
      priceCents: num(newImage.finalPriceCents),
    };
    if (buyerId && newImage.paymentStatus === "paid" && oldImage?.paymentStatus !== "paid")
      add("order_paid", id, { userId: buyerId }, data);
    if (buyerId && newImage.shippingStatus === "shipped" && oldImage?.shippingStatus !== "shipped")
      add("shipped", id, { userId: buyerId }, { ...data, trackingNumber: str(newImage.trackingNumber) });
  }

  if (type === "seller" && oldImage?.status === "pending") {
    const userId = str(newImage.userId);
    const data = { businessName: str(newImage.businessName) };
    if (userId && newImage.status === "approved") add("seller_approved", id, { userId }, data);
    if (userId && newImage.status === "rejected") add("seller_rejected", id, { userId }, data);
  }

  if (type === "product" && oldImage?.status === "pending") {
    const sellerId = str(newImage.sellerId);
    const data = { productName: str(newImage.name), auctionId: str(newImage.auctionId) };
    if (sellerId && newImage.status === "approved") add("product_approved", id, { sellerId }, data);
    if (sellerId && newImage.status === "rejected") add("product_rejected", id, { sellerId }, data);
  }
  return events;
}

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

function bodyOf(kind: EmailKind, data: EmailData, username: string, site: EmailSite): Body {
  const item = data.productName ?? "your item";
  const price = data.priceCents !== undefined ? formatCents(data.priceCents) : undefined;
  const auction = data.auctionId ? `/auction/${encodeURIComponent(data.auctionId)}` : "/";
  switch (kind) {
    case "welcome":
      return {
        subject: `Welcome to ${site.name}, ${username}`,
        lines: [
          `Your account ${username} is ready.`,
          "Buy a bid package, pick a live auction and place your first bid: the last bidder when the clock reaches zero wins.",
        ],
        link: { label: "See the live auctions", path: "/" },
      };
    case "outbid":
      return {
        subject: `You've been outbid on ${item}`,
        lines: [
          `Someone bid on ${item}${price ? `, now at ${price}` : ""}. You are no longer the highest bidder.`,
        ],
        link: { label: "Bid again", path: auction },
      };
    case "won":
      return {
        subject: `You won ${item}!`,
        lines: [
          `Congratulations: you won ${item}${price ? ` for ${price}` : ""}.`,
          "Check out to have it shipped.",
        ],
        link: { label: "Check out", path: `/order-checkout/${encodeURIComponent(data.auctionId ?? "")}` },
      };
    case "bids_purchased":
      return {
        subject: `Receipt: ${data.bidCount ?? 0} bids`,
        lines: [
          `Thank you for your purchase of ${data.bidCount ?? 0} bids${data.amountCents !== undefined ? ` for ${formatCents(data.amountCents)}` : ""}.`,
          "They are in your balance now.",
        ],
        link: { label: "Go bidding", path: "/" },
      };
    case "order_paid":
      return {
        subject: `Receipt: your order of ${item}`,
        lines: [
          `We received your payment${price ? ` of ${price}` : ""} for ${item}.`,
          "The seller has been told to ship it; we'll email you the tracking number.",
        ],
        link: { label: "See your orders", path: "/orders" },
      };
    case "shipped":
      return {
        subject: `${item} has shipped`,
        lines: [`${item} is on its way.`, `Tracking number: ${data.trackingNumber ?? "not given"}`],
        link: { label: "See your orders", path: "/orders" },
      };
    case "seller_approved":
      return {
        subject: "Your seller account is approved",
        lines: [`${data.businessName ?? "Your business"} may now list products for auction.`],
        link: { label: "Open your dashboard", path: "/seller-dashboard" },
      };
    case "seller_rejected":
      return {
        subject: "Your seller application was not approved",
        lines: [`We could not approve ${data.businessName ?? "your business"} as a seller.`],
        link: { label: `Visit ${site.name}`, path: "/" },
      };
    case "product_approved":
      return {
        subject: `${item} is approved`,
        lines: [`${item} is approved and its auction is live.`],
        link: { label: "See the auction", path: auction },
      };
    case "product_rejected":
      return {
        subject: `${item} was not approved`,
        lines: [`We could not approve ${item} for auction.`],
        link: { label: "Open your dashboard", path: "/seller-dashboard" },
      };
    case "verify_email":
      return {
        subject: `Verify your email address for ${site.name}`,
        lines: [
          "Please confirm that this address is yours. The link works once, for 24 hours.",
          "If you did not ask for this, ignore this email: nothing changes.",
        ],
        link: {
          label: "Verify your email",
          path: `/verify-email?token=${encodeURIComponent(data.token ?? "")}`,
        },
      };
    case "password_reset":
      return {
        subject: `Reset your ${site.name} password`,
        lines: [
          "Someone (hopefully you) asked to reset your password. The link works once, for 30 minutes.",
          "If it was not you, ignore this email: your password stays as it is.",
        ],
        link: {
          label: "Choose a new password",
          path: `/reset-password?token=${encodeURIComponent(data.token ?? "")}`,
        },
      };
    case "password_changed":
      return {
        subject: `Your ${site.name} password was changed`,
        lines: [
          "Your password was just reset, and every device signed in to your account was signed out.",
          "If this was not you, reset your password again at once from the sign-in page.",
        ],
        link: { label: "Sign in", path: "/login" },
      };
    case "email_change_requested":
      return {
        subject: `Your ${site.name} email address is being changed`,
        lines: [
          `Your account asked to use ${data.newEmail ?? "a new address"} from now on. It takes effect once that address is verified.`,
          "If this was not you, reset your password at once: whoever asked knows it.",
        ],
        link: { label: "Reset your password", path: "/forgot-password" },
      };
  }
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Every text of the event's data on one line (numbers and ids pass as they are). */
function oneLineData(data: EmailData): EmailData {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === "string" ? withoutControlCharacters(value) : value,
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
  const link = `${site.url}${body.link.path}`;
  const text = [
    `Hello ${username},`,
    "",
    ...body.lines,
    "",
    `${body.link.label}: ${link}`,
    "",
    `${site.name}`,
    site.url,
  ].join("\n");
  const html = [
    `<!doctype html><html><body style="font-family:sans-serif;color:#1f2937">`,
    `<p>Hello ${escapeHtml(username)},</p>`,
    ...body.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(body.link.label)}</a></p>`,
    `<p style="color:#6b7280">${escapeHtml(site.name)} · <a href="${escapeHtml(site.url)}">${escapeHtml(site.url)}</a></p>`,
    "</body></html>",
  ].join("\n");
  return { subject: withoutControlCharacters(body.subject), text, html };
}
