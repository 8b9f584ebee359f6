/** Order facts both the web and the functions need (pure). */
import { DEFAULT_COUNTRY } from "./constants.ts";

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
