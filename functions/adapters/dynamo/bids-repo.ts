/**
 * Bids: item `BIDS#<auctionId>` / `BID#<10-digit sequence>` — their own partition, so the auction
 * item's partition carries only the auction's writes. The sequence is the auction's totalBids after
 * the bid, so bids are numbered 1..n with no gap and the item key doubles as the race guard.
 *
 * `placeBidTransaction` is the whole write of a bid (docs/architecture.md section 4): ONE TransactWriteItems of
 * four items (the bidder's balance, the auction, the bid, the bidder's tally on the auction), no index
 * entry. `bidWriteItems` is the part every bid shares with an agent's bid (agents-repo.ts).
 * The tally doubles as the marker of a locked auction: once a bid locked it, a bid's transaction
 * requires the bidder's tally to exist already, so a race at the lock cannot let a new bidder in.
 */
import { randomUUID } from "node:crypto";
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { BID_COST_CREDITS } from "#shared/constants";
import * as z from "#shared/schemas/zod";
import type { BidPlan } from "../../domain/bidding.ts";
import { db, tableName } from "./client.ts";
import { queryNewest } from "./commands.ts";
import { cancellationCodes, cancellationItems, transactionConditionFailed } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, keys, timeSortKey } from "./keys.ts";

export interface BidRecord {
  auctionId: string;
  sequence: number;
  userId: string;
  username: string;
  /** The price this bid made. */
  amountCents: number;
  createdAt: string;
  /** Placed by the user's Bid Agent rather than by hand. */
  auto: boolean;
  /** The ledger hash after this bid (functions/domain/bid-ledger.ts). */
  hash: string;
}

const BID_SCHEMA = z.object({
  auctionId: z.string(),
  sequence: z.number(),
  userId: z.string(),
  username: z.string(),
  amountCents: z.number(),
  createdAt: z.string(),
  auto: z.boolean(),
  hash: z.string(),
}) satisfies z.ZodMiniType<BidRecord>;
const _bID_SCHEMAKeys: SameKeys<z.infer<typeof BID_SCHEMA>, BidRecord> = true;

const toBid = (item: Record<string, unknown>): BidRecord => parseStoredItem("bid", BID_SCHEMA, item);

/** The latest `limit` bids of an auction, oldest to newest (the last item is the latest). */
export async function listRecentBids(auctionId: string, limit: number): Promise<BidRecord[]> {
  return (await queryNewest(keys.bidsPartition(auctionId), limit)).map(toBid).reverse();
}

/**
 * Bids `from`..`to` of an auction, in order: a Query whose key condition and `Limit` stop at `to`, so
 * it reads those bids and nothing else of the partition. DynamoDB answers at most 1 MB a call (about
 * 3,000 bids): a longer range continues where the last call stopped, with the Limit of what is left.
 * `consistent` when the newest of them may have been written a moment ago.
 */
export async function listBidsBetween(
  auctionId: string,
  from: number,
  to: number,
  consistent = false,
): Promise<BidRecord[]> {
  const bids: BidRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  while (bids.length < to - from + 1) {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "pk = :p AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: {
          ":p": keys.bidsPartition(auctionId),
          ":from": keys.bid(auctionId, from).sk,
          ":to": keys.bid(auctionId, to).sk,
        },
        Limit: to - from + 1 - bids.length,
        ExclusiveStartKey: startKey,
        ...(consistent ? { ConsistentRead: true } : {}),
      }),
    );
    bids.push(...(page.Items ?? []).map(toBid));
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  return bids;
}

export async function getBid(
  auctionId: string,
  sequence: number,
  consistent = false,
): Promise<BidRecord | null> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.bid(auctionId, sequence),
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return Item ? toBid(Item) : null;
}

/** Every bid of an auction in order (history, audits, tests). */
export async function listBids(auctionId: string): Promise<BidRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": keys.bidsPartition(auctionId) },
  });
  return items.map(toBid);
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
  /** The bidder bought this item with Buy It Now: their part in the auction is over. */
  | { ok: false; reason: "bought-now" }
  /** The auction is locked and the bidder had not bid on it before. */
  | { ok: false; reason: "locked-out" }
  /** The auction changed since it was read (another bid, its end, its deletion): re-read and retry. */
  | { ok: false; reason: "conflict" };

export interface BidWrite {
  auctionId: string;
  seenTotalBids: number;
  plan: BidPlan;
  /** `joinedAt`: the bidder's account creation (ISO), kept on the auction for the live message's badge. */
  bidder: { id: string; username: string; joinedAt?: string };
  now: number;
  /** The ledger hash after this bid: the auction item keeps it as the head, the bid item as its own. */
  hash: string;
  auto: boolean;
}

export function bidRecordOf(write: BidWrite): BidRecord {
  return {
    auctionId: write.auctionId,
    sequence: write.plan.sequence,
    userId: write.bidder.id,
    username: write.bidder.username,
    amountCents: write.plan.priceCents,
    createdAt: new Date(write.now).toISOString(),
    auto: write.auto,
    hash: write.hash,
  };
}

export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/**
 * The items of every bid, manual or agent, in this order: the auction (still active, not over at
 * `now`, unchanged since read — totalBids = seen; set price, totalBids, endsAt, last bidder, ledger
 * head, and `locked` when this bid reaches the lock price), the bid item (must not exist), and the
 * bidder's tally (one more bid, refused once they bought the item with Buy It Now, and on a locked
 * auction refused unless it exists: they bid before it locked). totalBids = seen makes the locked state
 * the bid was planned on the one it commits on.
 */
export function bidWriteItems(write: BidWrite): TransactItem[] {
  const table = tableName();
  const bid = bidRecordOf(write);
  return [
    {
      Update: {
        TableName: table,
        Key: keys.auction(write.auctionId),
        // The previous bidder's account date never stays beside this bidder's name.
        UpdateExpression: `SET priceCents = :price, totalBids = :n, endsAt = :endsAt, lastBidderId = :uid, lastBidderUsername = :uname, ledgerHead = :head, lastBidAuto = :auto${write.plan.locks ? ", locked = :locked" : ""}${write.bidder.joinedAt ? ", lastBidderJoinedAt = :joined" : " REMOVE lastBidderJoinedAt"}`,
        ConditionExpression: "#status = :active AND endsAt > :now AND totalBids = :seen",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":price": write.plan.priceCents,
          ":n": write.plan.sequence,
          ":endsAt": write.plan.endsAt,
          ":uid": write.bidder.id,
          ":uname": write.bidder.username,
          ":head": write.hash,
          ":auto": write.auto,
          ":active": "active",
          ":now": write.now,
          ":seen": write.seenTotalBids,
          ...(write.plan.locks ? { ":locked": true } : {}),
          ...(write.bidder.joinedAt ? { ":joined": write.bidder.joinedAt } : {}),
        },
      },
    },
    {
      Put: {
        TableName: table,
        Item: { ...keys.bid(write.auctionId, write.plan.sequence), type: "bid", ...bid },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Update: {
        TableName: table,
        Key: keys.bidder(write.auctionId, write.bidder.id),
        // Indexed once, at the bidder's first bid here (later bids leave the index keys alone, so they
        // write no index entry): the user's won list finds the auctions it may have to finalize.
        UpdateExpression:
          "SET #type = :type, lastBidAt = :at, gsi3pk = if_not_exists(gsi3pk, :bidsIndex), gsi3sk = if_not_exists(gsi3sk, :firstBid) ADD bids :one",
        ConditionExpression: write.plan.onlyEarlierBidders
          ? "attribute_not_exists(boughtNowOrderId) AND bids > :none"
          : "attribute_not_exists(boughtNowOrderId)",
        // Which of the two refused: the tally as it was says.
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        ExpressionAttributeNames: { "#type": "type" },
        ExpressionAttributeValues: {
          ...(write.plan.onlyEarlierBidders ? { ":none": 0 } : {}),
          ":type": "bidder",
          ":at": write.now,
          ":one": 1,
          ":bidsIndex": indexKeys.userBids(write.bidder.id),
          ":firstBid": timeSortKey(new Date(write.now).toISOString(), write.auctionId),
        },
      },
    },
  ];
}

/**
 * Why a bid transaction was cancelled, from the codes of `bidWriteItems` starting at `offset` and, when
 * the tally refused, the tally as it was (absent: the user never bid here).
 */
export function bidCancellation(
  codes: string[],
  offset: number,
  tallyBefore?: Record<string, unknown>,
): "bought-now" | "locked-out" | "conflict" | null {
  if (codes[offset + 2] === "ConditionalCheckFailed")
    return tallyBefore && "boughtNowOrderId" in tallyBefore ? "bought-now" : "locked-out";
  // Another bid got there first (ConditionalCheckFailed on the auction or the bid item), is being
  // written at this moment (TransactionConflict), or the partition is throttled: re-read and retry.
  if (codes.every((code) => RETRYABLE_CANCELLATIONS.has(code))) return "conflict";
  return null;
}

/**
 * How a cancelled bid transaction reads: `payerRefused` when the payer's item (the first, the balance
 * or the agent) failed its condition, and what `bidWriteItems` say (null: a code no bid expects).
 */
export type BidCancelled = {
  payerRefused: boolean;
  reason: "bought-now" | "locked-out" | "conflict" | null;
  error: unknown;
};

/**
 * Every bid's transaction, manual or an agent's: the payer's item, then `bidWriteItems`, all or
 * nothing. Answers how it was cancelled; any other error propagates.
 */
export async function sendBidTransaction(
  payer: TransactItem,
  write: BidWrite,
): Promise<{ ok: true } | ({ ok: false } & BidCancelled)> {
  try {
    await db.send(
      new TransactWriteCommand({
        // Makes an SDK-level retry of this very attempt (a timeout after DynamoDB committed) answer
        // success instead of failing its own conditions.
        ClientRequestToken: randomUUID(),
        TransactItems: [payer, ...bidWriteItems(write)],
      }),
    );
    return { ok: true };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    return {
      ok: false,
      payerRefused: transactionConditionFailed(error, 0),
      reason: bidCancellation(codes, 1, cancellationItems(error)[3]),
      error,
    };
  }
}

/** The bid: the user's balance (>= 1, decrement, lastBidAt) and `bidWriteItems`. */
export async function placeBidTransaction(write: BidWrite): Promise<BidWriteResult> {
  const sent = await sendBidTransaction(
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(write.bidder.id),
        UpdateExpression: "SET bidBalance = bidBalance - :cost, lastBidAt = :at",
        ConditionExpression: "bidBalance >= :cost",
        ExpressionAttributeValues: { ":cost": BID_COST_CREDITS, ":at": new Date(write.now).toISOString() },
      },
    },
    write,
  );
  if (sent.ok) return sent;
  if (sent.payerRefused) return { ok: false, reason: "no-credits" };
  if (sent.reason) return { ok: false, reason: sent.reason };
  throw sent.error;
}

/** Ids of the auctions `userId` first bid on at or after `since` (ms epoch), from the user's own index partition. */
export async function auctionIdsBidOnSince(userId: string, since: number): Promise<string[]> {
  const tallies = await queryAll({
    IndexName: "gsi3",
    KeyConditionExpression: "gsi3pk = :p AND gsi3sk >= :since",
    ExpressionAttributeValues: { ":p": indexKeys.userBids(userId), ":since": new Date(since).toISOString() },
  });
  // The sort key is `<first bid time>#<auction id>`.
  return tallies.map((item) => String(item.gsi3sk)).map((sortKey) => sortKey.slice(sortKey.indexOf("#") + 1));
}
