/**
 * Exchanging a win for its bids (rules in functions/domain/exchange-win.ts): the win and the credits in
 * one transaction (functions/adapters/dynamo/exchange-win-repo.ts). The win then is an expired one:
 * the seller hears of it from the table's stream like any expiry (functions/domain/notifications.ts)
 * and the admin may list the item again (relist-auction.ts).
 */
import type { ExchangeWinResponse } from "#shared/schemas/orders";
import { getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import { exchangeWinTransaction } from "../../adapters/dynamo/exchange-win-repo.ts";
import { getAuctionOrders } from "../../adapters/dynamo/orders-repo.ts";
import { readBidBalance } from "../../adapters/dynamo/purchases-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { conflict, forbidden, notFound, type Refusal, serviceUnavailable } from "../../domain/errors.ts";
import {
  EXCHANGE_WIN_MESSAGES,
  type ExchangeWinRefusal,
  exchangedCredits,
  exchangeWinRefusal,
} from "../../domain/exchange-win.ts";
import { logger } from "../../observability/logger.ts";
import { readFinalized } from "../auctions/finalize-auction.ts";

const EXCHANGE_ROUNDS = 4;

/** 403 for who the caller is, 409 for what became of the win. */
const REFUSAL_STATUS: Record<ExchangeWinRefusal, (message: string) => Refusal> = {
  notWinner: forbidden,
  stillRunning: conflict,
  exchanged: conflict,
  paid: conflict,
  expired: conflict,
};

/** POST /api/auctions/{id}/exchange. */
export async function exchangeWin(
  auctionId: string,
  userId: string,
  now: number,
  liveHandoff?: LiveHandoff,
): Promise<ExchangeWinResponse> {
  return retrying(
    { attempts: EXCHANGE_ROUNDS },
    async () => {
      const auction = await readFinalized(auctionId, now, liveHandoff);
      if (!auction) throw notFound(EXCHANGE_WIN_MESSAGES.notFound);
      const [orders, tally] = await Promise.all([
        getAuctionOrders([auctionId]),
        getBidderTally(auctionId, userId),
      ]);
      const order = orders.get(auctionId) ?? null;
      const refusal = exchangeWinRefusal(auction, order, userId, now);
      if (refusal) throw REFUSAL_STATUS[refusal](EXCHANGE_WIN_MESSAGES[refusal]);
      const returned = exchangedCredits(tally.bids);
      const written = await exchangeWinTransaction({
        auctionId,
        userId,
        orderId: order?.id ?? null,
        seenBids: tally.bids,
        credits: returned,
        now,
      });
      // Another exchange, a checkout or a payment changed the win meanwhile: read it again and decide.
      if (!written) return RETRY;
      logger.info("win exchanged for its bids", { auctionId, returned });
      return { returned, bidBalance: (await readBidBalance(userId)) ?? 0 };
    },
    () => {
      throw serviceUnavailable(EXCHANGE_WIN_MESSAGES.busy);
    },
  );
}
