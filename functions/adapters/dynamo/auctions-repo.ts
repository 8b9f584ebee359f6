/**
 * Auctions: item `AUCTION#id` / `STATE` (docs/architecture.md sections 3 and 4).
 *
 * For other areas:
 *  - `AuctionRecord`: the stored auction. Money in cents, `endsAt` in ms epoch, a denormalized snapshot
 *    of the product and the seller (so a list is one index Query + one BatchGet).
 *  - `getAuction(id)`: one auction or null (strongly consistent).
 *  - `listAuctionsByStatus(status)`: index gsi1 `AUCTIONS#<status>`, oldest first. An `active` auction
 *    whose end has passed stays listed as active until something finalizes it: callers that show the
 *    state use `finalizeIfOver` from functions/usecases/auctions/finalize-auction.ts.
 *  - `listLiveAuctionsPage(page)`: index gsi3 `AUCTIONS#live`, by scheduled end (the public list's pages).
 *  - `listSellerAuctions(sellerId)`: index gsi2 `SELLER#<sellerId>#AUCTIONS`, newest first.
 *  - `listWonAuctions(userId)`: index gsi3 `USER#<userId>#WINS`, newest win first.
 *  - `listWonAuctionsByEndPage(page)`: index gsi5 `AUCTIONS#won#ended`, newest ended first (Recent winners).
 *
 * Index keys are set at creation (gsi1 status list, gsi2 seller list, gsi3 the live list) and at the end
 * (gsi1 moves to the final status, gsi3 to the winner's wins or away, a win joins gsi5); a bid changes
 * none of them, so a bid writes no index entry here.
 */
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { AUCTION_STATUSES, type AuctionStatus } from "#shared/constants";
import type { Page, PageRequest } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import type { AuctionOutcome } from "../../domain/bidding.ts";
import type { EndEconomics } from "../../domain/economics.ts";
import { db, tableName } from "./client.ts";
import { conditionFailed, putUnlessRefused, updateUnlessRefused } from "./conditions.ts";
import { batchGetItems, listByIndex, queryAll } from "./index-lists.ts";
import { listIndexPage, searchIndexPage } from "./index-pages.ts";
import { CorruptItemError, parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys, timeSortKey } from "./keys.ts";
import { paymentDeadlineIndex } from "./payment-deadlines-repo.ts";
import { PRODUCT_DETAILS_FIELDS, type ProductRecord } from "./products-repo.ts";

/** What an auction keeps of its product, as it was when the auction started. */
export type AuctionProductSnapshot = Pick<
  ProductRecord,
  "id" | "name" | "description" | "metalType" | "weight" | "purity" | "imageUrl" | "startingPriceCents"
>;

export interface AuctionSellerSnapshot {
  id: string;
  userId: string;
  businessName: string;
  description?: string;
}

export interface AuctionRecord {
  id: string;
  productId: string;
  sellerId: string;
  /** The seller's user: the one user who may not bid on it. */
  sellerUserId: string;
  status: AuctionStatus;
  startingPriceCents: number;
  priceCents: number;
  bidIncrementCents: number;
  /** A bid with this many seconds or less left moves the end to now + this. */
  extensionSeconds: number;
  totalBids: number;
  /** ms epoch. */
  endsAt: number;
  createdAt: string;
  lastBidderId?: string;
  lastBidderUsername?: string;
  /** When the last bidder's account was created (ISO), for the live message's badge; absent before it was kept. */
  lastBidderJoinedAt?: string;
  /** Set when status becomes `won`. */
  winnerId?: string;
  winnerUsername?: string;
  /** ISO time the auction ended (its final endsAt); set when it is finalized. */
  endedAt?: string;
  /** The bid ledger's hash after the latest bid; absent until the first bid (then the genesis hash). */
  ledgerHead?: string;
  /** The latest bid was placed by a Bid Agent. */
  lastBidAuto?: boolean;
  /** Only for bidders who have never won (set at approval). */
  beginner?: boolean;
  /** The price whose bid locks the auction to the users who bid before (set at the start); absent: never. */
  lockAtPriceCents?: number;
  /** Set by the bid that reached lockAtPriceCents, in that bid's transaction (bids-repo.ts). */
  locked?: boolean;
  /** Bid Agents active on it (functions/adapters/dynamo/agents-repo.ts keeps the count). */
  activeAgents?: number;
  /** Buy It Now's retail price; absent: no Buy It Now. */
  retailPriceCents?: number;
  /** Buy It Now units left: every Buy It Now order takes one in its own transaction. */
  buyNowStockLeft?: number;
  /** A win's payment deadline (ms epoch), set when it is won; the reminders sent for it so far. */
  payBy?: number;
  paymentReminders?: number;
  /** ISO time the unpaid win expired at its deadline. */
  paymentExpiredAt?: string;
  /** The bids the winner got back for giving the win up (functions/domain/exchange-win.ts); it expired then. */
  exchangedBids?: number;
  /** The product's how-manieth auction after its first (absent on the first: its id is the product's). */
  relist?: number;
  /** The auction an admin started for the product after this win expired unpaid. */
  relistedAs?: string;
  /** A win's economics, kept by the update that ended it (functions/domain/economics.ts). */
  bidsValueCents?: number;
  meltValueAtEndCents?: number;
  /** The winner's bids and what they cost the winner as it ended: the win's all-in cost (winnerSpendOf). */
  winnerBids?: number;
  winnerBidsValueCents?: number;
  product: AuctionProductSnapshot;
  seller: AuctionSellerSnapshot;
}

/** The item as stored: the snapshots without what the item itself holds (see auctionItem). */
type StoredAuction = Omit<AuctionRecord, "product" | "seller"> & {
  product: Omit<AuctionProductSnapshot, "id" | "startingPriceCents">;
  seller: Omit<AuctionSellerSnapshot, "id" | "userId">;
};

const AUCTION_SCHEMA = z.object({
  id: z.string(),
  productId: z.string(),
  sellerId: z.string(),
  sellerUserId: z.string(),
  status: z.enum(AUCTION_STATUSES),
  startingPriceCents: z.number(),
  priceCents: z.number(),
  bidIncrementCents: z.number(),
  extensionSeconds: z.number(),
  totalBids: z.number(),
  endsAt: z.number(),
  createdAt: z.string(),
  lastBidderId: z.optional(z.string()),
  lastBidderUsername: z.optional(z.string()),
  lastBidderJoinedAt: z.optional(z.string()),
  winnerId: z.optional(z.string()),
  winnerUsername: z.optional(z.string()),
  endedAt: z.optional(z.string()),
  ledgerHead: z.optional(z.string()),
  lastBidAuto: z.optional(z.boolean()),
  beginner: z.optional(z.boolean()),
  lockAtPriceCents: z.optional(z.number()),
  locked: z.optional(z.boolean()),
  activeAgents: z.optional(z.number()),
  retailPriceCents: z.optional(z.number()),
  buyNowStockLeft: z.optional(z.number()),
  payBy: z.optional(z.number()),
  paymentReminders: z.optional(z.number()),
  paymentExpiredAt: z.optional(z.string()),
  exchangedBids: z.optional(z.number()),
  relist: z.optional(z.number()),
  relistedAs: z.optional(z.string()),
  bidsValueCents: z.optional(z.number()),
  meltValueAtEndCents: z.optional(z.number()),
  winnerBids: z.optional(z.number()),
  winnerBidsValueCents: z.optional(z.number()),
  product: z.object(PRODUCT_DETAILS_FIELDS),
  seller: z.object({ businessName: z.string(), description: z.optional(z.string()) }),
}) satisfies z.ZodMiniType<StoredAuction>;
const _auctionKeys: SameKeys<z.infer<typeof AUCTION_SCHEMA>, StoredAuction> = true;

/**
 * The stored item. Every bid rewrites it inside a transaction, billed 2 WRU per started KB, so the
 * snapshot does not repeat what the item already holds (product and seller ids, the starting price):
 * with typical names and descriptions the item stays under 1 KB and a bid costs 6 WRU, not 8.
 */
export function auctionItem(auction: AuctionRecord) {
  const sortKey = timeSortKey(auction.createdAt, auction.id);
  const { id: _productId, startingPriceCents: _start, ...product } = auction.product;
  const { id: _sellerId, userId: _sellerUserId, ...seller } = auction.seller;
  return {
    ...itemHead(keys.auction(auction.id), "auction", {
      gsi1: [indexKeys.auctionsByStatus(auction.status), sortKey],
      gsi2: [indexKeys.sellerAuctions(auction.sellerId), sortKey],
      ...(auction.status === "active"
        ? {
            gsi3: [indexKeys.liveAuctions(), timeSortKey(new Date(auction.endsAt).toISOString(), auction.id)],
          }
        : {}),
    }),
    ...auction,
    product,
    seller,
  };
}

export function toAuction(item: Record<string, unknown>): AuctionRecord {
  const stored = parseStoredItem("auction", AUCTION_SCHEMA, item);
  return {
    ...stored,
    product: { ...stored.product, id: stored.productId, startingPriceCents: stored.startingPriceCents },
    seller: { ...stored.seller, id: stored.sellerId, userId: stored.sellerUserId },
  };
}

/**
 * A win's bids and what they cost the winner, fixed by the update that ended it: the one figure My Wins,
 * the detail, Recent winners and the order all show. A won item without them is corrupt.
 */
export function winnerSpendOf(won: AuctionRecord): { bids: number; valueCents: number } {
  const { winnerBids, winnerBidsValueCents } = won;
  if (winnerBids === undefined || winnerBidsValueCents === undefined)
    throw new CorruptItemError("auction", "winnerBidsValueCents", winnerBidsValueCents);
  return { bids: winnerBids, valueCents: winnerBidsValueCents };
}

/** True when the item (e.g. a stream image) is an auction's state item. */
export function isAuctionItem(item: Record<string, unknown> | undefined): boolean {
  const state = keys.auction("");
  return typeof item?.pk === "string" && item.pk.startsWith(state.pk) && item.sk === state.sk;
}

export async function getAuction(id: string): Promise<AuctionRecord | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.auction(id), ConsistentRead: true }),
  );
  return Item ? toAuction(Item) : null;
}

export async function listAuctionsByStatus(status: AuctionStatus): Promise<AuctionRecord[]> {
  return (await listByIndex("gsi1", indexKeys.auctionsByStatus(status))).map(toAuction);
}

/** One page of auctions of any of `statuses`, newest first. */
export async function listAuctionsPage(
  statuses: readonly AuctionStatus[],
  page: PageRequest,
): Promise<Page<AuctionRecord>> {
  return listIndexPage(
    "gsi1",
    statuses.map((status) => indexKeys.auctionsByStatus(status)),
    page,
    { itemKey: keys.auction, newestFirst: true, toRecord: toAuction },
  );
}

/** One page of the auctions in any of `statuses` that `matches` accepts, newest first. */
export async function searchAuctionsPage(
  statuses: readonly AuctionStatus[],
  page: PageRequest,
  matches: (auction: AuctionRecord) => boolean,
): Promise<Page<AuctionRecord>> {
  const partitions = statuses.map((status) => indexKeys.auctionsByStatus(status));
  return searchIndexPage("gsi1", partitions, page, {
    itemKey: keys.auction,
    newestFirst: true,
    toRecord: toAuction,
    matches,
  });
}

/**
 * One page of the live auctions in the order their ends were scheduled; the caller orders each page by
 * the real end (usecases/auctions/read-auctions.ts says why that is the order of ending).
 */
export async function listLiveAuctionsPage(page: PageRequest): Promise<Page<AuctionRecord>> {
  return listIndexPage("gsi3", [indexKeys.liveAuctions()], page, {
    itemKey: keys.auction,
    toRecord: toAuction,
  });
}

/**
 * The live auctions scheduled to end by `by` (ms epoch), soonest first: one range Query of the live
 * index, then one BatchGet. A bid moves an end only inside its last seconds, so every auction really
 * ending by `by` is among them (with some whose end a bid has just moved past it).
 */
export async function listLiveAuctionsEndingBy(by: number): Promise<AuctionRecord[]> {
  const keys = await queryAll({
    IndexName: "gsi3",
    KeyConditionExpression: "gsi3pk = :p AND gsi3sk <= :by",
    ExpressionAttributeValues: { ":p": indexKeys.liveAuctions(), ":by": new Date(by).toISOString() },
  });
  return (
    await batchGetItems(
      keys.map((k) => ({ pk: String(k.pk), sk: String(k.sk) })),
      { consistent: true },
    )
  ).map(toAuction);
}

/** Index page options of the lists that show the newest first. */
const NEWEST_AUCTIONS = { itemKey: keys.auction, newestFirst: true, toRecord: toAuction };

/** One page of every won auction, newest ended first: one Query of gsi5, one BatchGet. */
export async function listWonAuctionsByEndPage(page: PageRequest): Promise<Page<AuctionRecord>> {
  return listIndexPage("gsi5", [indexKeys.wonAuctionsByEnd()], page, NEWEST_AUCTIONS);
}

export async function listSellerAuctionsPage(
  sellerId: string,
  page: PageRequest,
): Promise<Page<AuctionRecord>> {
  return listIndexPage("gsi2", [indexKeys.sellerAuctions(sellerId)], page, NEWEST_AUCTIONS);
}

export async function listWonAuctionsPage(userId: string, page: PageRequest): Promise<Page<AuctionRecord>> {
  return listIndexPage("gsi3", [indexKeys.userWins(userId)], page, NEWEST_AUCTIONS);
}

export async function listSellerAuctions(sellerId: string): Promise<AuctionRecord[]> {
  return (await listByIndex("gsi2", indexKeys.sellerAuctions(sellerId), { newestFirst: true })).map(
    toAuction,
  );
}

/** These auctions as they are now (strongly consistent), in no particular order; missing ids are skipped. */
export async function getAuctionsByIds(ids: readonly string[]): Promise<AuctionRecord[]> {
  return (
    await batchGetItems(
      ids.map((id) => keys.auction(id)),
      { consistent: true },
    )
  ).map(toAuction);
}

export async function listWonAuctions(userId: string): Promise<AuctionRecord[]> {
  return (await listByIndex("gsi3", indexKeys.userWins(userId), { newestFirst: true })).map(toAuction);
}

/** Writes a new auction unless one with its id exists; returns false when it already did. */
export async function putNewAuction(auction: AuctionRecord): Promise<boolean> {
  return putUnlessRefused({ Item: auctionItem(auction), ConditionExpression: "attribute_not_exists(pk)" });
}

/**
 * The one conditional update that ends an auction: it holds only while the auction is still active,
 * its end has passed by `now`, and no bid landed since `seenTotalBids` was read (the outcome was
 * decided from that read). Returns the finished record, or null when the condition failed.
 */
export async function writeAuctionOutcome(
  auction: Pick<AuctionRecord, "id" | "endsAt" | "totalBids" | "lastBidderUsername">,
  outcome: AuctionOutcome,
  now: number,
  /** A win's payment deadline (ms epoch): the win joins the deadline index (gsi4) until paid or expired. */
  payBy?: number,
  /** A win's economics (functions/usecases/auctions/auction-economics.ts). */
  economics?: EndEconomics,
): Promise<AuctionRecord | null> {
  const endedAt = new Date(auction.endsAt).toISOString();
  const won = outcome.status === "won";
  const sets = ["#status = :status", "gsi1pk = :statusList", "endedAt = :endedAt"];
  const deadline = won && payBy !== undefined ? paymentDeadlineIndex(auction.id, payBy, 0) : null;
  if (deadline)
    sets.push("payBy = :payBy", "paymentReminders = :noReminders", "gsi4pk = :dueList", "gsi4sk = :dueAt");
  // It leaves the live list: a win moves its gsi3 entry to the winner's wins (and joins the won
  // auctions by end, gsi5, under the same sort key), no win removes it.
  if (economics)
    sets.push(
      "bidsValueCents = :bidsValue",
      "winnerBids = :winnerBids",
      "winnerBidsValueCents = :winnerBidsValue",
    );
  if (economics?.meltValueAtEndCents !== undefined) sets.push("meltValueAtEndCents = :meltAtEnd");
  if (won)
    sets.push(
      "winnerId = :winnerId",
      "winnerUsername = :winnerUsername",
      "gsi3pk = :wins",
      "gsi3sk = :winsSort",
      "gsi5pk = :wonByEnd",
      "gsi5sk = :winsSort",
    );
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.auction(auction.id),
        UpdateExpression: `SET ${sets.join(", ")}${won ? "" : " REMOVE gsi3pk, gsi3sk"}`,
        ConditionExpression: "#status = :active AND endsAt <= :now AND totalBids = :seen",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":status": outcome.status,
          ":statusList": indexKeys.auctionsByStatus(outcome.status),
          ":endedAt": endedAt,
          ":active": "active",
          ":now": now,
          ":seen": auction.totalBids,
          ...(won
            ? {
                ":winnerId": outcome.winnerId,
                ":winnerUsername": auction.lastBidderUsername ?? "",
                ":wins": indexKeys.userWins(outcome.winnerId),
                ":winsSort": timeSortKey(endedAt, auction.id),
                ":wonByEnd": indexKeys.wonAuctionsByEnd(),
              }
            : {}),
          ...(deadline
            ? { ":payBy": payBy, ":noReminders": 0, ":dueList": deadline.gsi4pk, ":dueAt": deadline.gsi4sk }
            : {}),
          ...(economics
            ? {
                ":bidsValue": economics.bidsValueCents,
                ":winnerBids": economics.winnerBids,
                ":winnerBidsValue": economics.winnerBidsValueCents,
              }
            : {}),
          ...(economics?.meltValueAtEndCents !== undefined
            ? { ":meltAtEnd": economics.meltValueAtEndCents }
            : {}),
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return Attributes ? toAuction(Attributes) : null;
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

/**
 * When the user's latest wins ended (ms epoch), newest first, at most `limit`, none before `since`:
 * one Query of the wins index (keys only: its sort key starts with the end time), no item read.
 */
export async function recentWinTimes(userId: string, since: number, limit: number): Promise<number[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: "gsi3",
      KeyConditionExpression: "gsi3pk = :p AND gsi3sk >= :since",
      ExpressionAttributeValues: {
        ":p": indexKeys.userWins(userId),
        ":since": new Date(since).toISOString(),
      },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => Date.parse(String(item.gsi3sk).split("#")[0] ?? ""));
}

/** The wins that expired unpaid and were not listed again (gsi4 `PAYEXPIRED`), newest expiry first. */
export async function listExpiredWins(): Promise<AuctionRecord[]> {
  return (await listByIndex("gsi4", indexKeys.expiredWins(), { newestFirst: true })).map(toAuction);
}

/**
 * Records the auction started again for an expired win and takes the win off the expired list; only
 * an expired win, and only once (the same relist again changes nothing). False otherwise.
 */
export async function markRelisted(id: string, relistedAs: string): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.auction(id),
    UpdateExpression: "SET relistedAs = :next REMOVE gsi4pk, gsi4sk",
    ConditionExpression:
      "attribute_exists(paymentExpiredAt) AND (attribute_not_exists(relistedAs) OR relistedAs = :next)",
    ExpressionAttributeValues: { ":next": relistedAs },
  });
}
