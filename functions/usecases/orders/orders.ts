/**
 * Winning and fulfilment (docs/product.md sections 2-4, docs/architecture.md section 6): the caller's won auctions, the
 * winner's checkout, the order's payment, the buyer's and seller's order lists, and shipping.
 */
import { normalizedPostalCode, normalizedRegion } from "#shared/addresses";
import { centsToDecimal } from "#shared/money";
import { MAX_AUCTION_DURATION_SECONDS } from "#shared/schemas/admin";
import type {
  CreateOrderBody,
  OrderView,
  ShippingAddress,
  ShippingUpdate,
  WonAuction,
} from "#shared/schemas/orders";
import { mapPage, type Page, type PageRequest } from "#shared/schemas/pages";
import {
  type AuctionRecord,
  getAuctionsByIds,
  listWonAuctions,
  listWonAuctionsPage,
  winnerSpendOf,
} from "../../adapters/dynamo/auctions-repo.ts";
import { auctionIdsBidOnSince } from "../../adapters/dynamo/bids-repo.ts";
import {
  createOrder,
  getAuctionOrders,
  getOrder,
  listSellerOrders,
  listSellerOrdersPage,
  type OrderRecord,
  writeShippingState,
} from "../../adapters/dynamo/orders-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { conflict, forbidden, notFound, serviceUnavailable, unauthorized } from "../../domain/errors.ts";
import { exchangedWinPaymentMessage } from "../../domain/exchange-win.ts";
import { applyShippingUpdate, mayUpdateShipping, orderRefusal, wonAt } from "../../domain/orders.ts";
import { stillPayable } from "../../domain/payment-deadlines.ts";
import { logger } from "../../observability/logger.ts";
import { winnerAllInOf } from "../auctions/auction-economics.ts";
import { finalizeAllOver, readFinalized } from "../auctions/finalize-auction.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../views/auction-view.ts";
import { toOrderView } from "../views/order-view.ts";

export const ORDER_MESSAGES = {
  auctionNotFound: "Auction not found",
  stillRunning: "This auction has not ended yet",
  notWinner: "Only the winner of this auction can order it",
  orderExists: "An order already exists for this auction",
  orderNotFound: "Order not found",
  notYourOrder: "This order is not yours",
  alreadyPaid: "This order has already been paid",
  notYourSale: "You can only update shipping of your own orders",
  notPaid: "This order has not been paid yet",
  cancelled: "This order was cancelled by its buyer and refunded: it can no longer ship",
  busy: "This order is being updated. Please try again.",
  paymentUnavailable: "Could not reach the payment provider. Please try again.",
  paymentProcessing: "A payment for this order is being processed. Check My Orders in a minute.",
  paymentExpired: "The payment deadline has passed: this item can no longer be paid for",
} as const;

/**
 * The caller's won auctions, newest win first, each with its order state. Auctions whose end passed
 * without anyone finalizing them are finalized on the way, so a win shows up the moment the clock
 * hits zero (the wins index is only written by that finalization); they head the first page.
 */
export async function listWonAuctionsOf(
  userId: string,
  now: number,
  page?: undefined,
  liveHandoff?: LiveHandoff,
): Promise<WonAuction[]>;
export async function listWonAuctionsOf(
  userId: string,
  now: number,
  page: PageRequest,
  liveHandoff?: LiveHandoff,
): Promise<Page<WonAuction>>;
export async function listWonAuctionsOf(
  userId: string,
  now: number,
  page?: PageRequest,
  liveHandoff?: LiveHandoff,
): Promise<WonAuction[] | Page<WonAuction>> {
  const finishedNow = page?.cursor
    ? []
    : (await finalizeAllOver(await auctionsTheUserMayHaveJustWon(userId, now), now, liveHandoff)).filter(
        (a) => a.status === "won" && a.winnerId === userId,
      );
  const indexed = page
    ? await listWonAuctionsPage(userId, page)
    : { items: await listWonAuctions(userId), nextCursor: null };
  // On a page, a win finalized just now belongs there only if the index (which may lag a moment)
  // would have put it on this page; a later page shows it otherwise.
  const oldestOnPage = indexed.nextCursor ? Math.min(...indexed.items.map((a) => a.endsAt)) : -Infinity;
  const wins = new Map<string, AuctionRecord>();
  for (const auction of [...indexed.items, ...finishedNow.filter((a) => a.endsAt >= oldestOnPage)]) {
    // The index may lag a finalization by a moment; trust only what the auction item says.
    if (auction.status === "won" && auction.winnerId === userId) wins.set(auction.id, auction);
  }
  const [orders, spot] = await Promise.all([getAuctionOrders([...wins.keys()]), freshSpotPrices(now)]);
  const items = [...wins.values()]
    .sort((a, b) => b.endsAt - a.endsAt)
    .map((auction): WonAuction => {
      const order = orders.get(auction.id);
      const { me, allInCostCents } = winnerAllInOf(auction);
      return {
        ...toAuctionSummary(auction, now, spot),
        finalPrice: centsToDecimal(auction.priceCents),
        me,
        allInCost: centsToDecimal(allInCostCents),
        wonAt: wonAt(auction),
        payBy: auction.payBy !== undefined ? new Date(auction.payBy).toISOString() : null,
        paymentExpiredAt: auction.paymentExpiredAt ?? null,
        exchangedBids: auction.exchangedBids ?? null,
        order: order
          ? { id: order.id, paymentStatus: order.paymentStatus, shippingStatus: order.shippingStatus }
          : null,
      };
    });
  return page ? { items, nextCursor: indexed.nextCursor } : items;
}

/**
 * The auctions still marked active that the user leads: the only ones a read may have to finalize for
 * their win to show. Found from the user's own bids (first bids within the longest an auction can
 * run, plus a day of extensions), never from the market's live auctions; an older one is the
 * closer's to finish.
 */
async function auctionsTheUserMayHaveJustWon(userId: string, now: number): Promise<AuctionRecord[]> {
  const ids = await auctionIdsBidOnSince(userId, now - (MAX_AUCTION_DURATION_SECONDS + 24 * 60 * 60) * 1000);
  if (ids.length === 0) return [];
  return (await getAuctionsByIds(ids)).filter((a) => a.status === "active" && a.lastBidderId === userId);
}

/** The winner's checkout: one order per auction, at the auction's final price, shipped where the buyer says. */
export async function placeOrder(
  request: CreateOrderBody,
  buyerId: string,
  now: number,
  liveHandoff?: LiveHandoff,
) {
  const auction = await readFinalized(request.auctionId, now, liveHandoff);
  if (!auction) throw notFound(ORDER_MESSAGES.auctionNotFound);
  const refusal = orderRefusal(auction, buyerId);
  if (refusal === "still-running") throw conflict(ORDER_MESSAGES.stillRunning);
  if (refusal === "not-winner") throw forbidden(ORDER_MESSAGES.notWinner);
  if (auction.exchangedBids !== undefined) throw conflict(exchangedWinPaymentMessage(auction.exchangedBids));
  if (!stillPayable(auction, now)) throw conflict(ORDER_MESSAGES.paymentExpired);
  const buyer = await getUser(buyerId);
  if (!buyer) throw unauthorized();

  const spent = winnerSpendOf(auction);
  const order = newOrder(auction, buyer, request, auction.priceCents, now, spent.bids, spent.valueCents);
  // The win's deadline stays the auction's; the order carries it for its own views and payment.
  if (auction.payBy !== undefined) order.payBy = auction.payBy;
  if ((await createOrder(order)) === "exists") throw conflict(ORDER_MESSAGES.orderExists);
  logger.info("order created", {
    orderId: order.id,
    auctionId: auction.id,
    amountCents: order.finalPriceCents,
  });
  return toOrderView(order);
}

/**
 * A pending order of `auction` for `buyer` at `priceCents`, with the snapshot its lists show (the
 * winner's checkout and Buy It Now alike).
 */
export function newOrder(
  auction: AuctionRecord,
  buyer: { id: string; username: string; email: string },
  shipping: ShippingAddress,
  priceCents: number,
  now: number,
  bidsSpent: number,
  /** What those bids cost the buyer: a win's as its end fixed them (winnerSpendOf), Buy It Now's as of now. */
  bidsValueCents: number,
): OrderRecord {
  return {
    id: crypto.randomUUID(),
    kind: "auction",
    auctionId: auction.id,
    bidsSpent,
    bidsValueCents,
    buyerId: buyer.id,
    sellerId: auction.sellerId,
    sellerUserId: auction.sellerUserId,
    finalPriceCents: priceCents,
    paymentStatus: "pending",
    shippingStatus: "pending",
    ...(shipping.shippingName ? { shippingName: shipping.shippingName } : {}),
    shippingAddress: shipping.shippingAddress,
    shippingCity: shipping.shippingCity,
    shippingState: normalizedRegion(shipping.shippingCountry, shipping.shippingState),
    shippingZip: normalizedPostalCode(shipping.shippingZip),
    shippingCountry: shipping.shippingCountry,
    createdAt: new Date(now).toISOString(),
    auction: { id: auction.id, endsAt: auction.endsAt, totalBids: auction.totalBids },
    product: {
      id: auction.product.id,
      name: auction.product.name,
      description: auction.product.description,
      imageUrl: auction.product.imageUrl,
      metalType: auction.product.metalType,
      // What its fine content (and so its melt value) is derived from.
      ...(auction.product.weight ? { weight: auction.product.weight } : {}),
      ...(auction.product.purity ? { purity: auction.product.purity } : {}),
    },
    seller: { id: auction.seller.id, businessName: auction.seller.businessName },
    buyer: { id: buyer.id, username: buyer.username, email: buyer.email },
  };
}

/** The signed-in seller's orders to fulfil, newest first. */
export async function listOrdersOfSeller(sellerUserId: string): Promise<OrderView[]>;
export async function listOrdersOfSeller(sellerUserId: string, page: PageRequest): Promise<Page<OrderView>>;
export async function listOrdersOfSeller(
  sellerUserId: string,
  page?: PageRequest,
): Promise<OrderView[] | Page<OrderView>> {
  const [user, spot] = await Promise.all([getUser(sellerUserId), freshSpotPrices(Date.now())]);
  if (!user) throw unauthorized();
  const view = (orders: OrderRecord[]) => orders.map((order) => toOrderView(order, spot));
  if (!page) return user.sellerId ? view(await listSellerOrders(user.sellerId)) : [];
  if (!user.sellerId) return { items: [], nextCursor: null };
  return mapPage(await listSellerOrdersPage(user.sellerId, page), view);
}

const SHIPPING_ROUNDS = 4;

/** The order's seller sets its shipping status (any of the three, in any order) and tracking number. */
export async function updateOrderShipping(
  orderId: string,
  sellerUserId: string,
  update: ShippingUpdate,
  now: number,
): Promise<OrderView> {
  return retrying(
    { attempts: SHIPPING_ROUNDS },
    async () => {
      const order = await getOrder(orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      if (!mayUpdateShipping(order, sellerUserId)) throw forbidden(ORDER_MESSAGES.notYourSale);
      if (order.cancelledAt) throw conflict(ORDER_MESSAGES.cancelled);
      if (update.status !== "pending" && order.paymentStatus !== "paid")
        throw conflict(ORDER_MESSAGES.notPaid);
      const next = applyShippingUpdate(order, update, now);
      const written = await writeShippingState(order, next);
      if (written) return toOrderView(written);
      // Another update landed between our read and write: decide again from the fresh state.
      return RETRY;
    },
    () => {
      throw serviceUnavailable(ORDER_MESSAGES.busy);
    },
  );
}
