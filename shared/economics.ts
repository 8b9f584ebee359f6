/**
 * A won auction's economics in words, as the auction and ledger pages say them: "Bidders spent 1,240
 * bids, about $496.00; with the final price the site collected $508.40 for an item with a melt value
 * of $2,630.00" (no melt clause without a melt value; "Bidders spent 3 free bids; …" when they were
 * worth $0). "About": each bid is valued at its bidder's average price per credit.
 */
import { decimalToCents, formatPrice } from "./money.ts";
import type { Economics } from "./schemas/economics.ts";

export function economicsSentence(economics: Economics): string {
  const count = economics.bids.toLocaleString("en-US");
  // Bids worth nothing (granted, voucher ones) are "free bids" here as on every win figure, not "about $0.00".
  const free = (decimalToCents(economics.bidsValue) ?? 0) <= 0;
  const bids = `${count} ${free ? "free " : ""}${economics.bids === 1 ? "bid" : "bids"}`;
  const spent = free ? bids : `${bids}, about ${formatPrice(economics.bidsValue)}`;
  const melt =
    economics.meltValue === null
      ? ""
      : ` for an item with a melt value of ${formatPrice(economics.meltValue)}`;
  return `Bidders spent ${spent}; with the final price the site collected ${formatPrice(economics.collected)}${melt}`;
}
