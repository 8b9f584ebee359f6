/**
 * A socket message merged into the query cache (a fresh QueryClient per test): the list and the
 * detail both take the new state at once, and an older message changes nothing.
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AuctionDetail, AuctionSummary, BidPlacedMessage } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";
import { applyMessageToCache } from "./use-auction-live-updates.ts";

const summary = {
  id: "a1",
  status: "active",
  currentPrice: "1.05",
  totalBids: 5,
  endsAt: "2030-01-01T00:00:10.000Z",
  serverTime: "2030-01-01T00:00:00.000Z",
  lastBidder: { username: "ann" },
} as unknown as AuctionSummary;

const message = (totalBids: number, username: string): BidPlacedMessage => ({
  type: "bid_placed",
  auctionId: "a1",
  status: "active",
  currentPrice: (1 + totalBids / 100).toFixed(2),
  totalBids,
  endsAt: "2030-01-01T00:00:20.000Z",
  lastBidder: { username },
  serverTime: "2030-01-01T00:00:01.000Z",
  ledgerHead: "0".repeat(64),
  locked: false,
  auto: false,
  winnerId: null,
  finalPrice: null,
});

function cacheWith() {
  const client = new QueryClient();
  client.setQueryData(auctionQueries.list().queryKey, [summary, { ...summary, id: "a2" }]);
  client.setQueryData(auctionQueries.detail("a1").queryKey, {
    ...summary,
    bids: [],
  } as unknown as AuctionDetail);
  return client;
}

describe("applyMessageToCache", () => {
  it("puts the new state in the list and the detail at once, leaving other auctions alone", () => {
    const client = cacheWith();
    const untouched = client.getQueryData<AuctionSummary[]>(auctionQueries.list().queryKey)![1];
    applyMessageToCache(client, message(6, "bob"));
    const list = client.getQueryData<AuctionSummary[]>(auctionQueries.list().queryKey)!;
    expect(list[0]).toMatchObject({ currentPrice: "1.06", totalBids: 6, lastBidder: { username: "bob" } });
    expect(list[1]).toBe(untouched);
    expect(client.getQueryData<AuctionDetail>(auctionQueries.detail("a1").queryKey)).toMatchObject({
      totalBids: 6,
      endsAt: "2030-01-01T00:00:20.000Z",
    });
  });

  it("an older message than what the cache holds changes nothing", () => {
    const client = cacheWith();
    applyMessageToCache(client, message(4, "old"));
    expect(client.getQueryData<AuctionSummary[]>(auctionQueries.list().queryKey)![0]).toMatchObject({
      totalBids: 5,
      lastBidder: { username: "ann" },
    });
  });
});
