import { formatPrice } from "#shared/money";

/** What a card and the detail say of an auction's lock: "Locks at $X.XX" while open, "Locked" after; null when it never locks. */
export function lockLabel(auction: { lockAtPrice: string | null; locked: boolean }): string | null {
  if (auction.lockAtPrice === null) return null;
  return auction.locked ? "Locked" : `Locks at ${formatPrice(auction.lockAtPrice)}`;
}
