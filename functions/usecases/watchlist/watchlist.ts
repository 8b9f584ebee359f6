/** The watchlist (docs/product.md, Watchlist): a signed-in user's starred auctions, read by their own key. */
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { Page, PageRequest } from "#shared/schemas/pages";
import type { WatchlistChange } from "#shared/schemas/watchlist";
import { getAuction, getAuctionsByIds } from "../../adapters/dynamo/auctions-repo.ts";
import {
  deleteWatchlistEntry,
  listWatchedAuctionIds,
  putWatchlistEntry,
} from "../../adapters/dynamo/watchlist-repo.ts";
import { notFound } from "../../domain/errors.ts";
import { finalizeAllOver } from "../auctions/finalize-auction.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../views/auction-view.ts";

const AUCTION_NOT_FOUND = "Auction not found";

export async function watchAuction(userId: string, auctionId: string, now: number): Promise<WatchlistChange> {
  if (!(await getAuction(auctionId))) throw notFound(AUCTION_NOT_FOUND);
  await putWatchlistEntry(userId, auctionId, now);
  return { auctionId, watching: true };
}

/** Unwatching an auction not on the list changes nothing; an id no auction has is still a 404. */
export async function unwatchAuction(userId: string, auctionId: string): Promise<WatchlistChange> {
  if (!(await getAuction(auctionId))) throw notFound(AUCTION_NOT_FOUND);
  await deleteWatchlistEntry(userId, auctionId);
  return { auctionId, watching: false };
}

/** One page of the watched auctions, newest watched first, each as GET /api/auctions shows it now. */
export async function listWatchlist(
  userId: string,
  page: PageRequest,
  now: number,
): Promise<Page<AuctionSummary>> {
  const ids = await listWatchedAuctionIds(userId, page);
  const [auctions, spot] = await Promise.all([
    getAuctionsByIds(ids.items).then((found) => finalizeAllOver(found, now)),
    freshSpotPrices(now),
  ]);
  const byId = new Map(auctions.map((auction) => [auction.id, auction]));
  const items = ids.items.flatMap((id) => {
    const auction = byId.get(id);
    return auction ? [toAuctionSummary(auction, now, spot)] : [];
  });
  return { items, nextCursor: ids.nextCursor };
}
