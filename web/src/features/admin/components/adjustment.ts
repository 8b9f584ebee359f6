import { MAX_BID_ADJUSTMENT } from "#shared/schemas/admin";

/** The typed amount as a signed, non-zero whole number, or null while it is not one. */
export function parseAdjustment(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount !== 0 && Math.abs(amount) <= MAX_BID_ADJUSTMENT ? amount : null;
}

/** The balance the adjustment will leave: never below zero, as the server does it. */
export const previewBalance = (current: number, amount: number) => Math.max(0, current + amount);
