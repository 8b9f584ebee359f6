import { type BidPackage, bidPackageSchema } from "#shared/schemas/payments";

/** The package chosen on /bid-packages or in the modal, kept for /checkout in session storage. */
export const SELECTED_PACKAGE_STORAGE_KEY = "selectedBidPackage";

export function storeSelectedPackage(bidPackage: BidPackage): void {
  try {
    sessionStorage.setItem(SELECTED_PACKAGE_STORAGE_KEY, JSON.stringify(bidPackage));
  } catch {
    // Storage disabled (private mode quota): checkout will send the buyer home, as with nothing chosen.
  }
}

/** The stored package, or null when none (or something unreadable) is stored. */
export function readSelectedPackage(): BidPackage | null {
  try {
    const raw = sessionStorage.getItem(SELECTED_PACKAGE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = bidPackageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearSelectedPackage(): void {
  try {
    sessionStorage.removeItem(SELECTED_PACKAGE_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
