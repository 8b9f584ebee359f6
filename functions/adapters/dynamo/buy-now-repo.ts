/**
 * Buy It Now's storage: the bidder's tally `BIDDERS#<auctionId>` / `USER#<userId>` (every bid adds one
 * in its own transaction, bids-repo.ts) and the one transaction that sells a unit.
 *
 * The sale is ONE TransactWriteItems: the tally (exactly the bid count the credit was worked out from,
 * never bought before; it records the order, which from then on refuses the user's bids), the auction
 * (a unit left, the buyer not its leader or winner, not closed more than 7 days), the order item and,
 * when there is a credit, the buyer's paid-credit sums it was worked out from (paid-credits-repo.ts).
 * Two buyers racing for the last unit: one transaction takes it, the other fails its condition.
 */
import type { PaidCredits } from "../../domain/paid-bids.ts";
import { getItem } from "./commands.ts";
import { queryAll } from "./index-lists.ts";
import { keys } from "./keys.ts";
import { type OrderRecord, orderItem } from "./orders-repo.ts";
import { creditBuyNowItem } from "./paid-credits-repo.ts";
import { createItemOp, transactUnlessCancelled } from "./transact.ts";

export interface BidderTally {
  /** Bids the user placed on the auction, by hand and by agent. */
  bids: number;
  /** Set once the user bought the item with Buy It Now. */
  boughtNowOrderId: string | null;
}

export async function getBidderTally(auctionId: string, userId: string): Promise<BidderTally> {
  const { Item } = await getItem({
    Key: keys.bidder(auctionId, userId),
    ConsistentRead: true,
    ProjectionExpression: "bids, boughtNowOrderId",
  });
  return {
    bids: typeof Item?.bids === "number" ? Item.bids : 0,
    boughtNowOrderId: typeof Item?.boughtNowOrderId === "string" ? Item.boughtNowOrderId : null,
  };
}

/** Every bidder's tally on the auction (one Query of its partition, only the counts read). */
export async function listBidderTallies(auctionId: string): Promise<{ userId: string; bids: number }[]> {
  const { pk } = keys.bidder(auctionId, "");
  const items = await queryAll({
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": pk },
    ProjectionExpression: "sk, bids",
    ConsistentRead: true,
  });
  const prefix = keys.bidder(auctionId, "").sk;
  return items.flatMap((item) =>
    typeof item.sk === "string" && item.sk.startsWith(prefix) && typeof item.bids === "number"
      ? [{ userId: item.sk.slice(prefix.length), bids: item.bids }]
      : [],
  );
}

export type BuyNowWrite = "created" | "refused";

/**
 * Sells one unit to `order.buyerId` at the price worked out from `seenBids`. "refused": a condition
 * failed (a bid landed, stock ran out, the user now leads, the window closed, a second purchase);
 * the caller re-reads and decides again.
 */
export async function buyNowTransaction(input: {
  order: OrderRecord;
  seenBids: number;
  /** The buyer's sums the credit was worked out from. */
  seenPaidCredits: PaidCredits;
  creditCents: number;
  /** The auction's end must be after this (ms epoch): 7 days before now. */
  closesAfter: number;
  now: number;
}): Promise<BuyNowWrite> {
  const { order, seenBids, seenPaidCredits, creditCents, closesAfter, now } = input;
  const sold = await transactUnlessCancelled([
    {
      Update: {
        Key: keys.bidder(order.auctionId, order.buyerId),
        UpdateExpression: "SET boughtNowOrderId = :order, boughtNowAt = :now",
        ConditionExpression: "bids = :seen AND attribute_not_exists(boughtNowOrderId)",
        ExpressionAttributeValues: { ":order": order.id, ":now": now, ":seen": seenBids },
      },
    },
    {
      Update: {
        Key: keys.auction(order.auctionId),
        UpdateExpression: "SET buyNowStockLeft = buyNowStockLeft - :one",
        ConditionExpression:
          "buyNowStockLeft >= :one AND endsAt > :closesAfter AND (attribute_not_exists(lastBidderId) OR lastBidderId <> :buyer)",
        ExpressionAttributeValues: { ":one": 1, ":closesAfter": closesAfter, ":buyer": order.buyerId },
      },
    },
    createItemOp(orderItem(order)),
    ...(creditCents > 0 ? [creditBuyNowItem(order.buyerId, seenPaidCredits, creditCents)] : []),
  ]);
  return sold ? "created" : "refused";
}
