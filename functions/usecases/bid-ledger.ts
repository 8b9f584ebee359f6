/**
 * The public bid ledger of an auction (rules in functions/domain/bid-ledger.ts): the head a new bid
 * chains to, and the whole chain for GET /api/auctions/{id}/ledger.
 */
import { centsToDecimal } from "#shared/money";
import type { AuctionLedger } from "#shared/schemas/ledger";
import { type AuctionRecord, getAuction } from "../adapters/dynamo/auctions-repo.ts";
import { type BidRecord, listBids } from "../adapters/dynamo/bids-repo.ts";
import { chainHash, genesisHash, LEDGER_ALGORITHM, type LedgerGenesis } from "../domain/bid-ledger.ts";

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

/** The whole chain, entries 1..N, or null when there is no such auction. */
export async function readLedger(auctionId: string): Promise<AuctionLedger | null> {
  const auction = await getAuction(auctionId);
  if (!auction) return null;
  const links = chain(auction, await listBids(auctionId));
  const genesis = ledgerGenesis(auction);
  return {
    auctionId,
    algorithm: LEDGER_ALGORITHM,
    genesis: {
      startingPrice: centsToDecimal(genesis.startingPriceCents),
      startedAt: new Date(genesis.startedAtMs).toISOString(),
    },
    entries: links.map(({ bid, hash }) => ({
      n: bid.sequence,
      username: bid.username,
      amount: centsToDecimal(bid.amountCents),
      at: new Date(bid.createdAt).toISOString(),
      auto: bid.auto ?? false,
      hash,
    })),
    head: links.at(-1)?.hash ?? genesisHash(genesis),
  };
}
