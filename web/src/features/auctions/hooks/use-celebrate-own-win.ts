import { useEffect, useRef } from "react";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { celebrateWin } from "../lib/winner-store.ts";

/** Opens the celebration when this page sees its auction end with the signed-in user as winner. */
export function useCelebrateOwnWin(auction: AuctionDetail | undefined, username: string | undefined) {
  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    if (!auction) return;
    const was = lastStatus.current;
    lastStatus.current = auction.status;
    if (was === "active" && auction.status === "won" && username && auction.winner?.username === username) {
      celebrateWin({
        auctionId: auction.id,
        productName: auction.product.name,
        finalPrice: auction.currentPrice,
      });
    }
  }, [auction, username]);
}
