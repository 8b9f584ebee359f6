import { centsToDecimal } from "#shared/money";
import type { BidView } from "#shared/schemas/auctions";
import type { BidRecord } from "../../adapters/dynamo/bids-repo.ts";

const bidId = (auctionId: string, sequence: number) => `${auctionId}-${sequence}`;

export function toBidView(bid: BidRecord): BidView {
  return {
    id: bidId(bid.auctionId, bid.sequence),
    auctionId: bid.auctionId,
    amount: centsToDecimal(bid.amountCents),
    sequence: bid.sequence,
    createdAt: bid.createdAt,
    user: { username: bid.username },
    auto: bid.auto,
  };
}
