import type { SocketMessage } from "#shared/schemas/auctions";

/**
 * The server's socket messages (shared/schemas/auctions.ts), checked by shape with a few typeof
 * tests instead of the zod schema: the home page's first load carries no validation library. A
 * message of another shape (an older or newer server) is dropped, never half-applied.
 */
export function readSocketMessage(raw: Record<string, unknown>): SocketMessage | null {
  const is = (key: string, type: "string" | "number" | "boolean") => typeof raw[key] === type;
  switch (raw.type) {
    case "connected":
      return is("serverTime", "string") ? (raw as SocketMessage) : null;
    case "watching":
      return Array.isArray(raw.auctionIds) ? (raw as SocketMessage) : null;
    case "error":
      return is("message", "string") ? (raw as SocketMessage) : null;
    case "bid_placed":
    case "auction_ended": {
      const auctionState =
        is("auctionId", "string") &&
        is("status", "string") &&
        is("currentPrice", "string") &&
        is("totalBids", "number") &&
        is("endsAt", "string") &&
        is("serverTime", "string") &&
        (raw.lastBidder === null || typeof raw.lastBidder === "object");
      if (!auctionState) return null;
      if (raw.type === "auction_ended" && !is("finalPrice", "string")) return null;
      return raw as SocketMessage;
    }
    default:
      return null;
  }
}
