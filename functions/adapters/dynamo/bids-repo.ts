/**
 * Bids: item `BIDS#<auctionId>` / `BID#<10-digit sequence>` — their own partition, so the auction
 * item's partition carries only the auction's writes. The sequence is the auction's totalBids after
 * the bid, so bids are numbered 1..n with no gap and the item key doubles as the race guard.
 *
 * `placeBidTransaction` is the whole write of a bid (docs/architecture.md section 4): ONE TransactWriteItems of
 * three items, no index entry.
 */
import { randomUUID } from "node:crypto";
import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { BID_COST_CREDITS } from "#shared/constants";
import { centsToDecimal } from "#shared/money";
import type { BidView } from "#shared/schemas/auctions";
import type { BidPlan } from "../../domain/bidding.ts";
import { db, tableName } from "./client.ts";
import { withoutKeys } from "./index-lists.ts";
import { keys } from "./keys.ts";

export interface BidRecord {
  auctionId: string;
  sequence: number;
  userId: string;
  username: string;
  /** The price this bid made. */
  amountCents: number;
  createdAt: string;
  /** Placed by the user's Bid Agent rather than by hand. Absent on bids stored before agents: false. */
  auto?: boolean;
  /** The ledger hash after this bid (functions/domain/bid-ledger.ts). Absent on bids stored before the ledger. */
  hash?: string;
}

export const bidId = (auctionId: string, sequence: number) => `${auctionId}-${sequence}`;

export function toBidView(bid: BidRecord): BidView {
  return {
    id: bidId(bid.auctionId, bid.sequence),
    auctionId: bid.auctionId,
    amount: centsToDecimal(bid.amountCents),
    sequence: bid.sequence,
    createdAt: bid.createdAt,
    user: { username: bid.username },
    auto: bid.auto ?? false,
  };
}

const toBid = (item: Record<string, unknown>) => withoutKeys(item) as unknown as BidRecord;

/** The latest `limit` bids of an auction, oldest to newest (the last item is the latest). */
export async function listRecentBids(auctionId: string, limit: number): Promise<BidRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: "pk = :p",
      ExpressionAttributeValues: { ":p": keys.bidsPartition(auctionId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(toBid).reverse();
}

/** Every bid of an auction in order (history, audits, tests). */
export async function listBids(auctionId: string): Promise<BidRecord[]> {
  const bids: BidRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": keys.bidsPartition(auctionId) },
        ExclusiveStartKey: startKey,
      }),
    );
    bids.push(...(page.Items ?? []).map(toBid));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return bids;
}

const RETRYABLE_CANCELLATIONS = new Set([
  "None",
  "ConditionalCheckFailed",
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
]);

export type BidWriteResult =
  | { ok: true }
  /** The bidder's balance is below one credit (or the user is gone). */
  | { ok: false; reason: "no-credits" }
  /** The auction changed since it was read (another bid, its end, its deletion): re-read and retry. */
  | { ok: false; reason: "conflict" };

/**
 * The bid: user (balance >= 1, decrement, lastBidAt), auction (still active, not over at `now`,
 * unchanged since read — totalBids = seen; set price, totalBids, endsAt, last bidder) and the bid item
 * (must not exist), all or nothing.
 */
export async function placeBidTransaction(input: {
  auctionId: string;
  seenTotalBids: number;
  plan: BidPlan;
  bidder: { id: string; username: string };
  now: number;
  /** The ledger hash after this bid: the auction item keeps it as the head, the bid item as its own. */
  hash: string;
  auto?: boolean;
}): Promise<BidWriteResult> {
  const { auctionId, plan, bidder, now, hash } = input;
  const table = tableName();
  const at = new Date(now).toISOString();
  const bid: BidRecord = {
    auctionId,
    sequence: plan.sequence,
    userId: bidder.id,
    username: bidder.username,
    amountCents: plan.priceCents,
    createdAt: at,
    auto: input.auto ?? false,
    hash,
  };
  try {
    await db.send(
      new TransactWriteCommand({
        // Makes an SDK-level retry of this very attempt (a timeout after DynamoDB committed) answer
        // success instead of failing its own conditions.
        ClientRequestToken: randomUUID(),
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: keys.user(bidder.id),
              UpdateExpression: "SET bidBalance = bidBalance - :cost, lastBidAt = :at",
              ConditionExpression: "bidBalance >= :cost",
              ExpressionAttributeValues: { ":cost": BID_COST_CREDITS, ":at": at },
            },
          },
          {
            Update: {
              TableName: table,
              Key: keys.auction(auctionId),
              UpdateExpression:
                "SET priceCents = :price, totalBids = :n, endsAt = :endsAt, lastBidderId = :uid, lastBidderUsername = :uname, ledgerHead = :head, lastBidAuto = :auto",
              ConditionExpression: "#status = :active AND endsAt > :now AND totalBids = :seen",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: {
                ":price": plan.priceCents,
                ":n": plan.sequence,
                ":endsAt": plan.endsAt,
                ":uid": bidder.id,
                ":uname": bidder.username,
                ":head": hash,
                ":auto": input.auto ?? false,
                ":active": "active",
                ":now": now,
                ":seen": input.seenTotalBids,
              },
            },
          },
          {
            Put: {
              TableName: table,
              Item: { ...keys.bid(auctionId, plan.sequence), type: "bid", ...bid },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const codes = (error.CancellationReasons ?? []).map((r) => r.Code ?? "None");
      if (codes[0] === "ConditionalCheckFailed") return { ok: false, reason: "no-credits" };
      // Another bid got there first (ConditionalCheckFailed on the auction or the bid item), is being
      // written at this moment (TransactionConflict), or the partition is throttled: re-read and retry.
      if (codes.every((code) => RETRYABLE_CANCELLATIONS.has(code))) return { ok: false, reason: "conflict" };
    }
    throw error;
  }
}
