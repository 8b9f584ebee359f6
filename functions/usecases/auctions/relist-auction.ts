/**
 * Listing a product again after its win expired unpaid (docs/decisions.md, "Listing an expired win
 * again"): a new auction of the same product, with the product's settings as they are now, under an id
 * derived from the product id and the relist number, so existing ids and ledgers never change and a
 * retried request starts no second auction.
 */
import type { ExpiredWin } from "#shared/schemas/admin";
import {
  type AuctionRecord,
  getAuction,
  listExpiredWins,
  markRelisted,
} from "../../adapters/dynamo/auctions-repo.ts";
import { getProduct } from "../../adapters/dynamo/products-repo.ts";
import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { goLiveRefusal } from "../../domain/approvals.ts";
import { conflict, notFound } from "../../domain/errors.ts";
import { relistRefusal } from "../../domain/payment-deadlines.ts";
import { logger } from "../../observability/logger.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../views/auction-view.ts";
import { lockAtPriceFor, startAuction } from "./start-auction.ts";

export const AUCTION_NOT_FOUND = "Auction not found";

/** The wins that expired unpaid and wait to be listed again, newest expiry first. */
export async function expiredWins(now: number): Promise<ExpiredWin[]> {
  const [expired, spot] = await Promise.all([listExpiredWins(), freshSpotPrices(now)]);
  return expired.flatMap((auction) =>
    auction.payBy !== undefined && auction.paymentExpiredAt
      ? [
          {
            ...toAuctionSummary(auction, now, spot),
            payBy: new Date(auction.payBy).toISOString(),
            paymentExpiredAt: auction.paymentExpiredAt,
            exchangedBids: auction.exchangedBids ?? null,
          },
        ]
      : [],
  );
}

/**
 * Starts the new auction, then records it on the expired win (which leaves the admin's list). A crash
 * between the two is healed by asking again: the same id, so the auction that started is found.
 */
export async function relistExpiredWin(
  auctionId: string,
  now: number,
  lockAtPrice?: string | null,
): Promise<AuctionRecord> {
  const expired = await getAuction(auctionId);
  if (!expired) throw notFound(AUCTION_NOT_FOUND);
  const refusal = relistRefusal(expired);
  if (refusal) throw conflict(refusal);
  if (expired.relistedAs) {
    const again = await getAuction(expired.relistedAs);
    if (again) return again;
  }
  const product = await getProduct(expired.productId);
  if (!product) throw conflict("This product no longer exists");
  const lockAtPriceCents = lockAtPriceFor(lockAtPrice, product.startingPriceCents);
  const seller = await getSeller(product.sellerId);
  const account = seller ? await getUser(seller.userId) : null;
  const sellerRefusal = goLiveRefusal(seller, Boolean(account));
  if (sellerRefusal || !seller) throw conflict(sellerRefusal ?? "This product's seller no longer exists");

  const auction = await startAuction({
    product,
    seller,
    now,
    relist: (expired.relist ?? 0) + 1,
    extensionSeconds: expired.extensionSeconds,
    ...(expired.beginner ? { beginner: true } : {}),
    lockAtPriceCents,
  });
  if (!(await markRelisted(expired.id, auction.id))) throw conflict(RELIST_CHANGED);
  logger.info("expired win listed again", { expiredAuctionId: expired.id, auctionId: auction.id });
  return auction;
}

const RELIST_CHANGED = "This auction changed while it was being listed again. Please try again.";
