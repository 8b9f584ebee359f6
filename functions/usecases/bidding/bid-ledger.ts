/**
 * The public bid ledger of an auction (rules in functions/domain/bid-ledger.ts): the head a new bid
 * chains to, and the chain's pages for GET /api/auctions/{id}/ledger.
 */
import { centsToDecimal } from "#shared/money";
import type { LedgerPage } from "#shared/schemas/ledger";
import { type AuctionRecord, getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { type BidRecord, getBid, listBids, listBidsBetween } from "../../adapters/dynamo/bids-repo.ts";
import {
  chainHash,
  genesisHash,
  LEDGER_ALGORITHM,
  type LedgerGenesis,
  ledgerPageRange,
} from "../../domain/bid-ledger.ts";
import { badRequest, serviceUnavailable } from "../../domain/errors.ts";

export function ledgerGenesis(
  auction: Pick<AuctionRecord, "id" | "startingPriceCents" | "createdAt">,
): LedgerGenesis {
  return {
    auctionId: auction.id,
    startingPriceCents: auction.startingPriceCents,
    startedAtMs: Date.parse(auction.createdAt),
  };
}

const entryFacts = (bid: BidRecord) => ({
  n: bid.sequence,
  username: bid.username,
  amountCents: bid.amountCents,
  atMs: Date.parse(bid.createdAt),
  auto: bid.auto ?? false,
});

/** Each bid with its hash: the stored one, or (bids stored before the ledger existed) the recomputed one. */
function chain(auction: AuctionRecord, bids: readonly BidRecord[]) {
  let previous = genesisHash(ledgerGenesis(auction));
  return bids.map((bid) => {
    const hash = bid.hash ?? chainHash(previous, entryFacts(bid));
    previous = hash;
    return { bid, hash };
  });
}

/**
 * The hash the next bid chains to. The auction item keeps it, so a bid reads nothing more; only an
 * auction whose bids predate the ledger is chained once from its bids.
 */
export async function ledgerHeadOf(auction: AuctionRecord): Promise<string> {
  if (auction.ledgerHead) return auction.ledgerHead;
  if (auction.totalBids === 0) return genesisHash(ledgerGenesis(auction));
  const links = chain(auction, await listBids(auction.id));
  return links.at(-1)?.hash ?? genesisHash(ledgerGenesis(auction));
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
  const legacy =
    (read.before !== null && read.before.hash === undefined) ||
    read.bids.some((bid) => bid.hash === undefined);
  const { links, previousHash } = legacy
    ? await legacyPage(auction, range.from, range.to)
    : {
        links: read.bids.map((bid) => ({ bid, hash: bid.hash as string })),
        previousHash: read.before?.hash ?? genesisHash(genesis),
      };
  const page: LedgerPage = {
    auctionId,
    algorithm: LEDGER_ALGORITHM,
    genesis: {
      startingPrice: centsToDecimal(genesis.startingPriceCents),
      startedAt: new Date(genesis.startedAtMs).toISOString(),
    },
    head: await ledgerHeadOf(auction),
    totalEntries: auction.totalBids,
    previousHash,
    entries: links.map(({ bid, hash }) => ({
      n: bid.sequence,
      username: bid.username,
      amount: centsToDecimal(bid.amountCents),
      at: new Date(bid.createdAt).toISOString(),
      auto: bid.auto ?? false,
      hash,
    })),
    nextFrom: range.nextFrom,
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

/** Bids stored before the ledger carry no hash: their page is chained once from the first bid. */
async function legacyPage(auction: AuctionRecord, from: number, to: number) {
  const links = chain(auction, await listBids(auction.id));
  return {
    links: links.slice(from - 1, to),
    previousHash: links[from - 2]?.hash ?? genesisHash(ledgerGenesis(auction)),
  };
}
