import { AUCTION_STATUSES, MAX_WATCHED_AUCTIONS } from "../constants.ts";
import { type Economics, economicsSchema } from "./economics.ts";
import { meltValueSchema, productDescriptionFields } from "./product-description.ts";

export type { Economics } from "./economics.ts";
export type { MeltValue } from "./product-description.ts";

import * as z from "./zod.ts";

/**
 * API views of auctions and bids (GET /api/auctions, GET /api/auctions/{id}, POST /api/auctions/{id}/bid)
 * and the messages of the live-update socket (docs/product.md sections 3 and 7, docs/architecture.md section 4).
 *
 * Money is a 2-decimal string ("12.34"); times are ISO strings. Every auction object carries the
 * `serverTime` it was read at, so a client corrects its countdown by the offset to its own clock.
 */

export const auctionIdParamsSchema = z.object({
  id: z
    .string()
    .check(z.trim(), z.minLength(1, "Auction id is required"), z.maxLength(64, "Invalid auction id")),
});

const usernameView = z.object({ username: z.string() });

/**
 * A bidder as the public pages show them: the username, the month the account was created ("2026-11",
 * UTC) and whether it was under 30 days old when it bid (a winner: when the auction ended). Never more
 * about a person. The badge is absent where a page does not show it (a live message's bid until the next read).
 */
export const bidderView = z.object({
  username: z.string(),
  memberSince: z.optional(z.string()),
  isNew: z.optional(z.boolean()),
});
export type BidderView = z.infer<typeof bidderView>;

export const auctionProductSchema = z.object({
  id: z.string(),
  ...productDescriptionFields,
  weight: z.nullable(z.string()),
  purity: z.nullable(z.string()),
  /** Troy ounces of pure metal (4 decimals); null when the metal, weight or purity does not say. */
  fineOz: z.nullable(z.number()),
  startingPrice: z.string(),
});

/** No user ids in public payloads: usernames and the seller profile's id say all the screens need. */
export const auctionSellerSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  description: z.nullable(z.string()),
});

/** One auction as the list (home grid, cards) shows it. */
export const auctionSummarySchema = z.object({
  id: z.string(),
  productId: z.string(),
  status: z.enum(AUCTION_STATUSES),
  currentPrice: z.string(),
  startingPrice: z.string(),
  bidIncrement: z.string(),
  totalBids: z.number().check(z.integer()),
  endsAt: z.string(),
  createdAt: z.string(),
  /** Null while nobody has bid. */
  lastBidder: z.nullable(usernameView),
  /** With the badge on the detail. */
  winner: z.nullable(bidderView),
  product: auctionProductSchema,
  seller: auctionSellerSchema,
  activeAgents: z.number().check(z.integer()),
  /** Only bidders who have never won may bid. */
  beginner: z.boolean(),
  /** The price whose bid locks the auction to the users who bid before; null: it never locks. */
  lockAtPrice: z.nullable(z.string()),
  /** A bid reached lockAtPrice: only users who bid before it locked may bid on. */
  locked: z.boolean(),
  /** What the item sells for at retail ("Retail $X"); null for products listed before Buy It Now. */
  retailPrice: z.nullable(z.string()),
  /** Units left to Buy It Now (0: none offered or sold out). */
  buyNowStockLeft: z.number().check(z.integer()),
  /** Absent without a fine content or a fresh spot price ("spot price unavailable"). */
  meltValue: z.optional(meltValueSchema),
  serverTime: z.string(),
});
export type AuctionSummary = z.infer<typeof auctionSummarySchema>;

export const bidViewSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  /** The price this bid made. */
  amount: z.string(),
  /** 1 for the first bid of the auction, n for the n-th. */
  sequence: z.number().check(z.integer()),
  createdAt: z.string(),
  user: bidderView,
  /** Placed by the bidder's Bid Agent. */
  auto: z.boolean(),
});
export type BidView = z.infer<typeof bidViewSchema>;

/** GET /api/auctions/{id}: the summary plus the latest bids, oldest to newest (the last item is the latest). */
/** What the signed-in caller spent on an auction: bids placed and what they paid for them. */
export const bidderSpendSchema = z.object({
  bidsPlaced: z.number().check(z.integer()),
  bidsValue: z.string(),
});
export type BidderSpend = z.infer<typeof bidderSpendSchema>;

export const auctionDetailSchema = z.extend(auctionSummarySchema, {
  bids: z.array(bidViewSchema),
  /** Only once won. */
  economics: z.optional(economicsSchema),
  /** Only for a signed-in caller (such answers are never shared at the edge). */
  me: z.optional(bidderSpendSchema),
});
export type AuctionDetail = z.infer<typeof auctionDetailSchema>;

/** POST /api/auctions/{id}/bid: the auction's state right after the accepted bid, and the bid. */
export const placeBidResponseSchema = z.object({
  auction: auctionSummarySchema,
  bid: bidViewSchema,
});
export type PlaceBidResponse = z.infer<typeof placeBidResponseSchema>;

/** Fields every auction message carries: docs/product.md section 3's plus the new state (docs/architecture.md section 4). */
const auctionStateMessage = {
  auctionId: z.string(),
  status: z.enum(AUCTION_STATUSES),
  currentPrice: z.string(),
  totalBids: z.number().check(z.integer()),
  endsAt: z.string(),
  lastBidder: z.nullable(usernameView),
  serverTime: z.string(),
  /** The bid ledger's hash after the latest bid (GET /api/auctions/{id}/ledger); watchers may record it. */
  ledgerHead: z.string(),
  /** Only users who bid before it locked may bid on (see the summary's lockAtPrice). */
  locked: z.boolean(),
};

export const connectedMessageSchema = z.object({
  type: z.literal("connected"),
  serverTime: z.string(),
});

export const bidPlacedMessageSchema = z.object({
  type: z.literal("bid_placed"),
  ...auctionStateMessage,
  /** With the bidder's badge (absent on an auction whose bid predates it being kept). */
  lastBidder: z.nullable(bidderView),
  /** The latest bid was placed by a Bid Agent. */
  auto: z.boolean(),
  winnerId: z.null(),
  finalPrice: z.null(),
});

export const auctionEndedMessageSchema = z.object({
  type: z.literal("auction_ended"),
  ...auctionStateMessage,
  /** Null when the auction ended without a bid. */
  winnerId: z.nullable(z.string()),
  winner: z.nullable(usernameView),
  finalPrice: z.string(),
});

/** The server's answer to `watch`: the auctions this connection now hears about. */
export const watchingMessageSchema = z.object({
  type: z.literal("watching"),
  auctionIds: z.array(z.string()),
});

/** A client message the server refused (it changed nothing). */
export const socketErrorMessageSchema = z.object({
  type: z.literal("error"),
  message: z.string(),
});

export const socketMessageSchema = z.discriminatedUnion("type", [
  connectedMessageSchema,
  bidPlacedMessageSchema,
  auctionEndedMessageSchema,
  watchingMessageSchema,
  socketErrorMessageSchema,
]);
export type ConnectedMessage = z.infer<typeof connectedMessageSchema>;
export type BidPlacedMessage = z.infer<typeof bidPlacedMessageSchema>;
export type AuctionEndedMessage = z.infer<typeof auctionEndedMessageSchema>;
export type AuctionMessage = BidPlacedMessage | AuctionEndedMessage;
export type WatchingMessage = z.infer<typeof watchingMessageSchema>;
export type SocketErrorMessage = z.infer<typeof socketErrorMessageSchema>;
export type SocketMessage = z.infer<typeof socketMessageSchema>;

/** What a client sends after the socket opens; the server answers with `connected`. */
export const helloMessageSchema = z.object({ type: z.enum(["hello", "ping"]) });

/**
 * `{"type":"watch","auctionIds":[..]}`: from now on this connection hears `bid_placed` / `auction_ended`
 * only for these auctions (the set replaces the previous one). A connection that never sends it hears
 * about every auction.
 */
export const watchMessageSchema = z.object({
  type: z.literal("watch"),
  auctionIds: z
    .array(
      z
        .string()
        .check(
          z.minLength(1, "Auction ids must not be empty"),
          z.maxLength(64, "Auction ids are at most 64 characters"),
        ),
    )
    .check(
      z.maxLength(MAX_WATCHED_AUCTIONS, `A connection can watch at most ${MAX_WATCHED_AUCTIONS} auctions`),
    ),
});

/**
 * One finished win as GET /api/auctions/ended shows it to anyone (the Recent winners page): what the
 * winner paid all-in (final price and the bids they spent, at what they paid for them) against retail.
 */
export interface EndedAuction {
  id: string;
  product: {
    id: string;
    name: string;
    imageUrl: string;
    metalType: z.infer<typeof auctionProductSchema>["metalType"];
    fineOz: number | null;
  };
  finalPrice: string;
  totalBids: number;
  retailPrice: string | null;
  winner: { username: string };
  /** The winner's own bids on it, counted in `allInCost`. */
  winnerBids: number;
  allInCost: string;
  endedAt: string;
  /** As on the auction: absent without a fine content or a fresh spot price. */
  meltValue?: z.infer<typeof meltValueSchema>;
  economics?: Economics;
}

export interface EndedAuctionsPage {
  items: EndedAuction[];
  nextCursor: string | null;
}
