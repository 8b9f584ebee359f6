/**
 * A won auction's economics in words, as the auction and ledger pages say them: "Bidders spent 1,240
 * bids, about $496.00; with the final price the site collected $508.40 for an item with a melt value
 * of $2,630.00" (no melt clause without a melt value). "About": each bid is valued at its bidder's
 * average price per credit.
 */
import { formatPrice } from "./money.ts";
import type { Economics } from "./schemas/economics.ts";

export function economicsSentence(economics: Economics): string {
  const bids = `${economics.bids.toLocaleString("en-US")} ${economics.bids === 1 ? "bid" : "bids"}`;
  const melt =
    economics.meltValue === null
      ? ""
      : ` for an item with a melt value of ${formatPrice(economics.meltValue)}`;
  return `Bidders spent ${bids}, about ${formatPrice(economics.bidsValue)}; with the final price the site collected ${formatPrice(economics.collected)}${melt}`;
}
