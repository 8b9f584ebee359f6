/**
 * The public bid ledger of an auction (rules in functions/domain/bid-ledger.ts): the head a new bid
 * chains to, and the chain's pages for GET /api/auctions/{id}/ledger.
 */
import { centsToDecimal } from "#shared/money";
import type { LedgerPage } from "#shared/schemas/ledger";
import { type AuctionRecord, getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { getBid, listBidsBetween } from "../../adapters/dynamo/bids-repo.ts";
import { getAccountsCreatedAt } from "../../adapters/dynamo/users-repo.ts";
import {
  genesisHash,
  LEDGER_ALGORITHM,
  type LedgerGenesis,
  ledgerPageRange,
} from "../../domain/bid-ledger.ts";
import { badRequest, serviceUnavailable } from "../../domain/errors.ts";
import { economicsField } from "../auctions/auction-economics.ts";
import { badgeOf } from "../views/bid-view.ts";

export function ledgerGenesis(
  auction: Pick<AuctionRecord, "id" | "startingPriceCents" | "createdAt" | "lockAtPriceCents">,
): LedgerGenesis {
  return {
    auctionId: auction.id,
    startingPriceCents: auction.startingPriceCents,
    startedAtMs: Date.parse(auction.createdAt),
    ...(auction.lockAtPriceCents === undefined ? {} : { lockAtPriceCents: auction.lockAtPriceCents }),
  };
}

/** The hash the next bid chains to: the auction item keeps it from its first bid on. */
export function ledgerHeadOf(auction: AuctionRecord): string {
  return auction.ledgerHead ?? genesisHash(ledgerGenesis(auction));
}

export interface LedgerPageRequest {
  from: number;
  limit: number;
}

/**
 * One page of the chain, or null when there is no such auction. `final`: the auction is over (won or
 * ended), so the page will never change. Reads the auction item (the chain's length and head), the
 * entry before the page (its hash is the page's `previousHash`) and the page's own bids: never more
 * than `limit` bids, whatever the auction's length.
 */
export async function readLedgerPage(
  auctionId: string,
  request: LedgerPageRequest,
): Promise<{ page: LedgerPage; final: boolean } | null> {
  const auction = await getAuction(auctionId);
  if (!auction) return null;
  const range = ledgerPageRange(auction.totalBids, request.from, request.limit);
  if (!range.ok) throw badRequest(range.reason);
  const genesis = ledgerGenesis(auction);
  let read = await readRange(auctionId, range.from, range.to, false);
  // The auction item was read consistently; its newest bids, written in the same transaction, may not
  // be in an eventually consistent read yet: read them again consistently (rare, and only then).
  if (!read.complete) read = await readRange(auctionId, range.from, range.to, true);
  if (!read.complete) throw serviceUnavailable();
  const created = await getAccountsCreatedAt([...new Set(read.bids.map((bid) => bid.userId))]);
  const page: LedgerPage = {
    auctionId,
    algorithm: LEDGER_ALGORITHM,
    genesis: {
      startingPrice: centsToDecimal(genesis.startingPriceCents),
      startedAt: new Date(genesis.startedAtMs).toISOString(),
      ...(genesis.lockAtPriceCents === undefined
        ? {}
        : { lockAtPrice: centsToDecimal(genesis.lockAtPriceCents) }),
    },
    head: ledgerHeadOf(auction),
    totalEntries: auction.totalBids,
    previousHash: read.before?.hash ?? genesisHash(genesis),
    entries: read.bids.map((bid) => ({
      n: bid.sequence,
      username: bid.username,
      amount: centsToDecimal(bid.amountCents),
      at: new Date(bid.createdAt).toISOString(),
      auto: bid.auto,
      hash: bid.hash,
      ...badgeOf(bid.userId, Date.parse(bid.createdAt), created),
    })),
    nextFrom: range.nextFrom,
    ...economicsField(auction),
  };
  return { page, final: auction.status !== "active" };
}

async function readRange(auctionId: string, from: number, to: number, consistent: boolean) {
  const [before, bids] = await Promise.all([
    from > 1 ? getBid(auctionId, from - 1, consistent) : Promise.resolve(null),
    listBidsBetween(auctionId, from, to, consistent),
  ]);
  const complete = (from === 1 || before !== null) && bids.length === Math.max(0, to - from + 1);
  return { before, bids, complete };
}
