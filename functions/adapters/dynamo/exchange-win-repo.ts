/**
 * A win exchanged for its bids (rules in functions/domain/exchange-win.ts): ONE TransactWriteItems, so
 * the credits and the given-up win land together or not at all.
 *  - the auction: still won by the caller, not exchanged or expired, its deadline not passed; it is
 *    stamped expired (`paymentExpiredAt`) and exchanged (`exchangedBids`) and moves from the deadline
 *    index to the admin's expired list (`PAYEXPIRED`), as the deadline sweep moves an expired win, and
 *    leaves Recent winners' index (gsi5): nothing was sold, so no saving is shown for it; the winner's
 *    bids and their value kept at the end become 0, as the tally below does;
 *  - its order, when the winner started the checkout: still pending, stamped expired and exchanged with
 *    it (so My Orders says it was exchanged, not that its deadline passed; a payment
 *    arriving later is refunded as a late one); with no order, the order guard must still be absent, so
 *    a checkout racing the exchange cannot leave a payable order behind;
 *  - the winner's tally on the auction: exactly the bids the credits were worked out from, set to 0
 *    (they are no longer spent there, so every all-in figure of the auction drops them);
 *  - the winner's balance: the credits added (a deleted account gets none).
 * Two exchanges at once: one commits, the other's conditions fail.
 */
import { indexKeys, keys, timeSortKey } from "./keys.ts";
import { type TransactItem, transactUnlessCancelled } from "./transact.ts";

export async function exchangeWinTransaction(input: {
  auctionId: string;
  userId: string;
  /** The win's order, when it has one (read through the order guard). */
  orderId: string | null;
  seenBids: number;
  credits: number;
  now: number;
}): Promise<boolean> {
  const { auctionId, userId, orderId, seenBids, credits, now } = input;
  const at = new Date(now).toISOString();
  const items: TransactItem[] = [
    {
      Update: {
        Key: keys.auction(auctionId),
        UpdateExpression:
          "SET paymentExpiredAt = :at, exchangedBids = :bids, gsi4pk = :expired, gsi4sk = :expiredSk," +
          " winnerBids = :zero, winnerBidsValueCents = :zero REMOVE gsi5pk, gsi5sk",
        ConditionExpression:
          "#status = :won AND winnerId = :me AND attribute_not_exists(paymentExpiredAt)" +
          " AND attribute_not_exists(exchangedBids) AND (attribute_not_exists(payBy) OR payBy > :now)",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":at": at,
          ":bids": seenBids,
          ":expired": indexKeys.expiredWins(),
          ":expiredSk": timeSortKey(at, auctionId),
          ":won": "won",
          ":me": userId,
          ":now": now,
          ":zero": 0,
        },
      },
    },
    orderId
      ? {
          Update: {
            Key: keys.order(orderId),
            UpdateExpression: "SET paymentExpiredAt = :at, exchangedBids = :bids",
            ConditionExpression: "paymentStatus = :pending AND attribute_not_exists(paymentExpiredAt)",
            ExpressionAttributeValues: { ":at": at, ":bids": seenBids, ":pending": "pending" },
          },
        }
      : {
          ConditionCheck: {
            Key: keys.orderGuard(auctionId),
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
    {
      Update: {
        Key: keys.bidder(auctionId, userId),
        UpdateExpression: "SET bids = :zero, exchangedBids = :seen",
        ConditionExpression: "bids = :seen",
        ExpressionAttributeValues: { ":zero": 0, ":seen": seenBids },
      },
    },
    {
      Update: {
        Key: keys.user(userId),
        UpdateExpression: "ADD bidBalance :credits",
        ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deletedAt)",
        ExpressionAttributeValues: { ":credits": credits },
      },
    },
  ];
  return transactUnlessCancelled(items);
}
