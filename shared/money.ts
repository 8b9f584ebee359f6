/** Money travels as integer cents inside the product and as 2-decimal strings over the API. */

export type Cents = number;

export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Parses "12", "12.5" or "12.50" (or a number) into cents; returns null for anything else. */
export function decimalToCents(value: string | number): Cents | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(-?)(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}

/** "$1,234.50" — the one way the product shows a price. */
export function formatPrice(value: string | number): string {
  const amount = typeof value === "number" ? value : Number(value);
  return `$${(Number.isFinite(amount) ? amount : 0).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

export function formatCents(cents: Cents): string {
  return formatPrice(cents / 100);
}
