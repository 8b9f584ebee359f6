import type { AuctionSummary } from "#shared/schemas/auctions";

export const GRID_SORTS = [
  { value: "ending", label: "Ending soonest" },
  { value: "price", label: "Lowest price" },
  { value: "price-desc", label: "Highest price" },
  { value: "newest", label: "Newest" },
] as const;
export type GridSort = (typeof GRID_SORTS)[number]["value"];

/** A `?sort=` value from the URL; anything unknown falls back to the list's own order. */
export function parseGridSort(value: string | null): GridSort {
  return GRID_SORTS.some((sort) => sort.value === value) ? (value as GridSort) : "ending";
}

const cents = (price: string) => Math.round(Number(price) * 100);

const COMPARE: Record<GridSort, (a: AuctionSummary, b: AuctionSummary) => number> = {
  ending: (a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt),
  price: (a, b) => cents(a.currentPrice) - cents(b.currentPrice),
  "price-desc": (a, b) => cents(b.currentPrice) - cents(a.currentPrice),
  newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
};

/**
 * The live grid as the viewer asked for it: names containing every word of `query` (any case), in the
 * chosen order. The list is the whole live market (one unpaged GET), so this is done in the browser.
 */
export function arrangeGrid(auctions: AuctionSummary[], query: string, sort: GridSort): AuctionSummary[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const matching = words.length
    ? auctions.filter((a) => {
        const name = a.product.name.toLocaleLowerCase();
        return words.every((word) => name.includes(word));
      })
    : auctions;
  // Ties keep the server's order (ending soonest), so equal prices do not reshuffle every second.
  return sort === "ending" ? matching : [...matching].sort(COMPARE[sort]);
}
