/**
 * Buy It Now (rules in functions/domain/buy-now.ts): the caller's offer, and the purchase, which takes
 * a unit and records the order in one transaction (functions/adapters/dynamo/buy-now-repo.ts), then
 * ends the buyer's part in a live auction (their agent stops, its credits return). The order then
 * goes through the ordinary order payment, lists and shipping.
 */

import { BID_MESSAGES } from "#shared/bid-refusals";
import { centsToDecimal } from "#shared/money";
import type { BuyNowOfferView, OrderView, ShippingAddress } from "#shared/schemas/orders";
import type { AuctionRecord } from "../../adapters/dynamo/auctions-repo.ts";
import { type BidderTally, buyNowTransaction, getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import type { OrderRecord } from "../../adapters/dynamo/orders-repo.ts";
import { readPaidCredits } from "../../adapters/dynamo/paid-credits-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { bidValueCents, buyNowPaymentDays } from "../../config/runtime.ts";
import {
  BUY_NOW_DAYS_AFTER_END,
  BUY_NOW_MESSAGES,
  type BuyNowOffer,
  type BuyNowRefusal,
  buyNowOffer,
} from "../../domain/buy-now.ts";
import {
  conflict,
  forbidden,
  notFound,
  Refusal,
  serviceUnavailable,
  unauthorized,
} from "../../domain/errors.ts";
import type { PaidCredits } from "../../domain/paid-bids.ts";
import { payByOf } from "../../domain/payment-deadlines.ts";
import { logger } from "../../observability/logger.ts";
import { stopAgentOf } from "../agents/bid-agents.ts";
import { readFinalized } from "../auctions/finalize-auction.ts";
import { bidsValueCents } from "../auctions/read-auctions.ts";
import { assertNotSelfExcluded } from "../limits/responsible-play.ts";
import { toOrderView } from "../views/order-view.ts";
import { newOrder } from "./orders.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const PURCHASE_ROUNDS = 4;

/** 403 for who the buyer is, 409 for the state of the auction or the stock. */
const REFUSAL_STATUS: Record<BuyNowRefusal, (message: string) => Refusal> = {
  notOffered: conflict,
  noBids: forbidden,
  winner: forbidden,
  leading: conflict,
  expired: conflict,
  soldOut: conflict,
  alreadyBought: conflict,
};

interface OfferRead {
  auction: AuctionRecord;
  tally: BidderTally;
  paid: PaidCredits;
  offer: BuyNowOffer;
}

async function readOffer(
  auctionId: string,
  userId: string,
  now: number,
  liveHandoff: LiveHandoff | undefined,
): Promise<OfferRead> {
  const auction = await readFinalized(auctionId, now, liveHandoff);
  if (!auction) throw notFound(BID_MESSAGES.notFound);
  const [tally, paid] = await Promise.all([getBidderTally(auctionId, userId), readPaidCredits(userId)]);
  const active = auction.status === "active";
  const offer = buyNowOffer(
    {
      retailPriceCents: auction.retailPriceCents ?? null,
      stockLeft: auction.buyNowStockLeft ?? 0,
      bidsPlaced: tally.bids,
      paidCredits: paid,
      bidValueCents: bidValueCents(),
      auctionActive: active,
      endedAt: active ? null : auction.endsAt,
      endsAt: auction.endsAt,
      isWinner: auction.winnerId === userId,
      isLeading: active && auction.lastBidderId === userId,
      alreadyBought: tally.boughtNowOrderId !== null,
    },
    now,
  );
  return { auction, tally, paid, offer };
}

/** GET /api/auctions/{id}/buy-now. */
export async function readBuyNowOffer(
  auctionId: string,
  userId: string,
  now: number,
  liveHandoff?: LiveHandoff,
): Promise<BuyNowOfferView> {
  const { auction, tally, offer } = await readOffer(auctionId, userId, now, liveHandoff);
  let reason: string | null = offer.reason ? BUY_NOW_MESSAGES[offer.reason] : null;
  if (!reason) {
    try {
      await assertNotSelfExcluded(userId, now);
    } catch (error) {
      // Only the exclusion itself closes the offer; a failed read is the server's trouble (5xx).
      if (!(error instanceof Refusal)) throw error;
      reason = error.message;
    }
  }
  const offered = offer.reason !== "notOffered";
  return {
    eligible: reason === null,
    reason,
    retailPrice: offered ? centsToDecimal(auction.retailPriceCents ?? 0) : null,
    bidsPlaced: tally.bids,
    credit: centsToDecimal(offer.creditCents),
    price: offered ? centsToDecimal(offer.priceCents) : null,
    stockLeft: offered ? Math.max(0, auction.buyNowStockLeft ?? 0) : 0,
    expiresAt: offer.expiresAt === null ? null : new Date(offer.expiresAt).toISOString(),
  };
}

/** POST /api/auctions/{id}/buy-now: 201 with the order, or the refusal with its message. */
export async function buyItNow(
  auctionId: string,
  userId: string,
  shipping: ShippingAddress,
  now: number,
  liveHandoff?: LiveHandoff,
): Promise<OrderView> {
  await assertNotSelfExcluded(userId, now);
  const buyer = await getUser(userId);
  if (!buyer) throw unauthorized();
  return retrying(
    { attempts: PURCHASE_ROUNDS },
    async () => {
      const { auction, tally, paid, offer } = await readOffer(auctionId, userId, now, liveHandoff);
      if (offer.reason) throw REFUSAL_STATUS[offer.reason](BUY_NOW_MESSAGES[offer.reason]);
      const order = buyNowOrder(
        auction,
        buyer,
        shipping,
        tally.bids,
        bidsValueCents(tally.bids, paid),
        offer,
        now,
      );
      const written = await buyNowTransaction({
        order,
        seenBids: tally.bids,
        seenPaidCredits: paid,
        creditCents: offer.creditCents,
        closesAfter: now - BUY_NOW_DAYS_AFTER_END * DAY_MS,
        now,
      });
      if (written === "created") {
        logger.info("buy it now order created", {
          orderId: order.id,
          auctionId,
          amountCents: order.finalPriceCents,
          bidsCredited: tally.bids,
        });
        await endAgentOf(auctionId, userId, now);
        return toOrderView(order);
      }
      // A bid, another buyer, a payment or the clock changed what the offer was worked out from: decide again.
      return RETRY;
    },
    () => {
      throw serviceUnavailable(BID_MESSAGES.busy);
    },
  );
}

function buyNowOrder(
  auction: AuctionRecord,
  buyer: { id: string; username: string; email: string },
  shipping: ShippingAddress,
  bids: number,
  bidsValue: number,
  offer: BuyNowOffer,
  now: number,
): OrderRecord {
  const order = newOrder(auction, buyer, shipping, offer.priceCents, now, bids, bidsValue);
  // Buy It Now has its own, shorter deadline from the moment of ordering.
  order.payBy = payByOf(now, buyNowPaymentDays());
  const buyNow = {
    retailPriceCents: auction.retailPriceCents ?? 0,
    bidsCredited: bids,
    creditCents: offer.creditCents,
  };
  // Bids worth the whole retail price leave nothing to charge: the order is paid as it is made.
  if (offer.priceCents === 0)
    return { ...order, kind: "buy_now", buyNow, paymentStatus: "paid", paidAt: order.createdAt };
  return { ...order, kind: "buy_now", buyNow };
}

/** Buying it now ends the buyer's part in the auction: their active agent stops, credits returned. */
async function endAgentOf(auctionId: string, userId: string, now: number): Promise<void> {
  try {
    await stopAgentOf(auctionId, userId, now);
  } catch (error) {
    // The order stands; the engine stops the agent at its next bid (the tally refuses it) or at the end.
    logger.warn("could not stop the agent of a buy it now buyer", {
      auctionId,
      userId,
      error: error as Error,
    });
  }
}
