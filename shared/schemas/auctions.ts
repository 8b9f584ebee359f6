import { z } from "zod";
import { AUCTION_STATUSES, MAX_WATCHED_AUCTIONS, METAL_TYPES } from "../constants.ts";

/**
 * API views of auctions and bids (GET /api/auctions, GET /api/auctions/{id}, POST /api/auctions/{id}/bid)
 * and the messages of the live-update socket (docs/product.md sections 3 and 7, docs/architecture.md section 4).
 *
 * Money is a 2-decimal string ("12.34"); times are ISO strings. Every auction object carries the
 * `serverTime` it was read at, so a client corrects its countdown by the offset to its own clock.
 */

export const auctionIdParamsSchema = z.object({
  id: z.string().trim().min(1, "Auction id is required").max(64, "Invalid auction id"),
});

const usernameView = z.object({ username: z.string() });

export const auctionProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  metalType: z.enum(METAL_TYPES),
  weight: z.string().nullable(),
  purity: z.string().nullable(),
  imageUrl: z.string(),
  startingPrice: z.string(),
});

/** No user ids in public payloads: usernames and the seller profile's id say all the screens need. */
export const auctionSellerSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  description: z.string().nullable(),
});

/** One auction as the list (home grid, cards) shows it. */
export const auctionSummarySchema = z.object({
  id: z.string(),
  productId: z.string(),
  status: z.enum(AUCTION_STATUSES),
  currentPrice: z.string(),
  startingPrice: z.string(),
  bidIncrement: z.string(),
  totalBids: z.number().int(),
  endsAt: z.string(),
  createdAt: z.string(),
  /** Null while nobody has bid. */
  lastBidder: usernameView.nullable(),
  winner: usernameView.nullable(),
  product: auctionProductSchema,
  seller: auctionSellerSchema,
  /** How many Bid Agents are active on it. */
  activeAgents: z.number().int(),
  /** Only bidders who have never won may bid. */
  beginner: z.boolean(),
  /** What the item sells for at retail ("Retail $X"); null for products listed before Buy It Now. */
  retailPrice: z.string().nullable(),
  /** Units left to Buy It Now (0: none offered or sold out). */
  buyNowStockLeft: z.number().int(),
  serverTime: z.string(),
});
export type AuctionSummary = z.infer<typeof auctionSummarySchema>;

export const bidViewSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  /** The price this bid made. */
  amount: z.string(),
  /** 1 for the first bid of the auction, n for the n-th. */
  sequence: z.number().int(),
  createdAt: z.string(),
  user: usernameView,
  /** Placed by the bidder's Bid Agent. */
  auto: z.boolean(),
});
export type BidView = z.infer<typeof bidViewSchema>;

/** GET /api/auctions/{id}: the summary plus the latest bids, oldest to newest (the last item is the latest). */
/** What the signed-in caller spent on an auction: bids placed and their value (bidsPlaced × bidValue). */
export const bidderSpendSchema = z.object({ bidsPlaced: z.number().int(), bidsValue: z.string() });
export type BidderSpend = z.infer<typeof bidderSpendSchema>;

export const auctionDetailSchema = auctionSummarySchema.extend({
  bids: z.array(bidViewSchema),
  /** Only for a signed-in caller (such answers are never shared at the edge). */
  me: bidderSpendSchema.optional(),
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
  totalBids: z.number().int(),
  endsAt: z.string(),
  lastBidder: usernameView.nullable(),
  serverTime: z.string(),
  /** The bid ledger's hash after the latest bid (GET /api/auctions/{id}/ledger); watchers may record it. */
  ledgerHead: z.string().nullable(),
};

export const connectedMessageSchema = z.object({
  type: z.literal("connected"),
  serverTime: z.string(),
});

export const bidPlacedMessageSchema = z.object({
  type: z.literal("bid_placed"),
  ...auctionStateMessage,
  /** The latest bid was placed by a Bid Agent. */
  auto: z.boolean(),
  winnerId: z.null(),
  finalPrice: z.null(),
});

export const auctionEndedMessageSchema = z.object({
  type: z.literal("auction_ended"),
  ...auctionStateMessage,
  /** Null when the auction ended without a bid. */
  winnerId: z.string().nullable(),
  winner: usernameView.nullable(),
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
      z.string().min(1, "Auction ids must not be empty").max(64, "Auction ids are at most 64 characters"),
    )
    .max(MAX_WATCHED_AUCTIONS, `A connection can watch at most ${MAX_WATCHED_AUCTIONS} auctions`),
});
