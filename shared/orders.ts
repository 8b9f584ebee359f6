/** Order facts both the web and the functions need (pure). */
import { DEFAULT_COUNTRY } from "./constants.ts";

export interface WinsSummary {
  totalWins: number;
  totalSpentCents: number;
  /** Rounded to the cent; 0 with no wins. */
  averagePriceCents: number;
}

/** The three cards of /my-wins: Total Wins, Total Spent, Average Price. */
export function summarizeWins(finalPricesCents: readonly number[]): WinsSummary {
  const totalSpentCents = finalPricesCents.reduce((sum, cents) => sum + cents, 0);
  const totalWins = finalPricesCents.length;
  return {
    totalWins,
    totalSpentCents,
    averagePriceCents: totalWins === 0 ? 0 : Math.round(totalSpentCents / totalWins),
  };
}

/**
 * "N% below retail, bids included": the saving a win or a purchase may claim, counted on the all-in cost
 * (final price + the value of the bids spent), never on the final price alone. Null when there is no
 * retail price or no saving; rounded down, so the claim never overstates.
 */
/** How far the all-in cost is below (positive) or above (negative) the melt value, whole percent toward 0. */
export function allInVersusMeltPercent(allInCents: number, meltCents: number): number {
  return Math.trunc(((meltCents - allInCents) * 100) / meltCents);
}

export function allInSavingsPercent(allInCents: number, retailCents: number | null): number | null {
  if (!retailCents || retailCents <= 0 || allInCents >= retailCents) return null;
  const percent = Math.floor(((retailCents - allInCents) * 100) / retailCents);
  return percent > 0 ? percent : null;
}

/** The address block of /seller-orders: "address", "city, state zip", country (US when unset). */
export function shippingAddressLines(order: {
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountry?: string | null;
}): [string, string, string] {
  return [
    order.shippingAddress,
    // A country without states (the United Kingdom, Singapore...) leaves the region out.
    `${order.shippingCity}${order.shippingState ? `, ${order.shippingState}` : ""} ${order.shippingZip}`,
    order.shippingCountry?.trim() || DEFAULT_COUNTRY,
  ];
}

/** "Order #1a2b3c4d": orders are shown by the first 8 characters of their id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/**
 * The carrier's tracking page for a tracking number, by its published formats: UPS "1Z" + 16, USPS 20-22
 * digits (or two letters, 9 digits, "US"), FedEx 12 or 15 digits. Null when the format is not known.
 */
export function carrierTrackingUrl(trackingNumber: string): string | null {
  const n = trackingNumber.replace(/\s+/g, "").toUpperCase();
  if (/^1Z[0-9A-Z]{16}$/.test(n)) return `https://www.ups.com/track?tracknum=${n}`;
  if (/^\d{20,22}$/.test(n) || /^[A-Z]{2}\d{9}US$/.test(n)) {
    return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
  }
  if (/^(\d{12}|\d{15})$/.test(n)) return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
  return null;
}
