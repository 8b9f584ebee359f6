import {
  ACCOUNT_AND_RECEIPT_EMAIL_KINDS,
  DEFAULT_ENDING_SOON_MINUTES,
  type EmailData,
  type EmailEvent,
  type EmailKind,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from "#shared/schemas/notifications";

type Item = Record<string, unknown>;

/**
 * One email to send: who gets it (a user, or a seller profile's user), what happened, and when (`at`,
 * the stream record's creation time: the outbid window is measured on it). `key` is unique per event
 * and the same on every delivery of it (the sender's idempotency key). Its shape is the queue message's
 * schema (shared/schemas/notifications.ts).
 */
export type { EmailData, EmailEvent } from "#shared/schemas/notifications";

/** The item types (their `type` attribute) whose changes may cause an email: the stream consumer sees only these (infra). */
export const EMAIL_SOURCE_TYPES = [
  "user",
  "auction",
  "bidPurchase",
  "order",
  "seller",
  "product",
  "referral",
] as const;

/** At most one outbid email per auction per user in this long (measured on the events' own times). */
export const OUTBID_EMAIL_WINDOW_MS = 5 * 60 * 1000;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  outbid: true,
  won: true,
  marketing: true,
  endingSoon: true,
  alertsForBidAuctions: false,
  push: { outbid: true, won: true, endingSoon: true },
  endingSoonMinutes: DEFAULT_ENDING_SOON_MINUTES,
};

/** Choices as stored (or as a PUT sends them), with `base` for anything not given. */
export function notificationSettingsOf(
  stored: Partial<NotificationSettingsUpdate> | undefined,
  base: NotificationSettings = DEFAULT_NOTIFICATION_SETTINGS,
): NotificationSettings {
  return { ...base, ...stored, push: { ...base.push, ...stored?.push } };
}

/** Account emails and receipts always go; every other kind is a notification. */
const ACCOUNT_AND_RECEIPT_KINDS: ReadonlySet<EmailKind> = new Set(ACCOUNT_AND_RECEIPT_EMAIL_KINDS);

/**
 * The one decision whether a user gets an email of `kind`: account emails and receipts always go;
 * notifications (outbid, won, ending soon, and any alert or marketing kind added later, which is a notification
 * unless listed above) go only to a verified address, and outbid, won and ending soon only while turned on.
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
  if (kind === "ending_soon") return settings.endingSoon;
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
  /** The stage's support address (functions/config/runtime.ts): the admin hears of a late order's cancel there. */
  staffAddress?: string,
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

  // The deadline sweep's steps on an unpaid win (auction) or Buy It Now order: reminders to the buyer,
  // then expiry, which the seller hears about too (their item is free again). A win's order is stamped
  // expired with its auction, which alone tells.
  const deadlineItem = type === "auction" || (type === "order" && newImage.kind === "buy_now");
  if (deadlineItem && oldImage) {
    const buyerId = str(type === "auction" ? newImage.winnerId : newImage.buyerId);
    const sellerId = str(newImage.sellerId);
    const reminders = num(newImage.paymentReminders) ?? 0;
    const data = {
      auctionId: str(newImage.auctionId) ?? id,
      productName: productName(newImage),
      priceCents: num(type === "auction" ? newImage.priceCents : newImage.finalPriceCents),
      payBy: num(newImage.payBy),
      ...(type === "order" ? { orderId: id, buyNow: true } : {}),
    };
    if (buyerId && reminders > (num(oldImage.paymentReminders) ?? 0))
      add("payment_reminder", `${id}#${reminders}`, { userId: buyerId }, data);
    if (newImage.paymentExpiredAt && !oldImage.paymentExpiredAt) {
      // A winner who exchanged the win for its bids chose it and saw the answer: only the seller is told.
      const exchanged = type === "auction" && num(newImage.exchangedBids) !== undefined;
      if (buyerId && !exchanged) add("payment_expired", id, { userId: buyerId }, data);
      if (sellerId) add("sale_expired", id, { sellerId }, exchanged ? { ...data, exchanged: true } : data);
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

  // An invitation's voucher bids landed (in the credit's or the verification's transaction): the inviter hears, once.
  if (type === "referral" && newImage.status === "rewarded" && oldImage?.status !== "rewarded") {
    const inviterId = str(newImage.inviterId);
    if (inviterId) add("referral_rewarded", id, { userId: inviterId }, { bidCount: num(newImage.bids) });
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
    // The ship-by guarantee: the seller hears of each reminder the sweep counts, and of the buyer's
    // cancel of a late order (it will be refunded; nothing is to ship).
    const sellerId = str(newImage.sellerId);
    const shipData = { ...data, shipBy: num(newImage.shipBy) };
    const reminders = num(newImage.shipReminders) ?? 0;
    if (sellerId && oldImage && reminders > (num(oldImage.shipReminders) ?? 0))
      add("ship_by_reminder", `${id}#${reminders}`, { sellerId }, shipData);
    if (sellerId && newImage.cancelledAt && !oldImage?.cancelledAt)
      add("sale_cancelled", id, { sellerId }, shipData);
    // "The seller and the admin are told": the admin at the stage's support address.
    if (staffAddress && newImage.cancelledAt && !oldImage?.cancelledAt)
      add("late_order_cancelled", id, { address: staffAddress }, shipData);
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
