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
    `${order.shippingCity}, ${order.shippingState} ${order.shippingZip}`,
    order.shippingCountry?.trim() || DEFAULT_COUNTRY,
  ];
}

/** "Order #1a2b3c4d": orders are shown by the first 8 characters of their id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}
