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

/**
 * "$1,234.50" — the one way the product shows a price: exactly what
 * `amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })` writes after
 * the "$", without Intl. A page's first use of Intl costs its main thread 50-100 ms (ICU's data,
 * measured in Chromium on this machine, before any CPU slowdown), and the home page shows prices in
 * its first render. Like ICU, this rounds the number's shortest decimal form (`String(n)`: 0.015, not
 * the double's exact 0.01499…) half away from zero, groups the whole part by threes and keeps the sign
 * of -0.
 */
export function formatPrice(value: string | number): string {
  const amount = typeof value === "number" ? value : Number(value);
  const finite = Number.isFinite(amount) ? amount : 0;
  const negative = finite < 0 || Object.is(finite, -0);
  const text = String(Math.abs(finite));
  // Exponent notation: under 1e-6 (which rounds to 0.00) or from 1e21 (no price comes near: Intl then).
  if (text.includes("e")) {
    if (Math.abs(finite) >= 1) return `$${finite.toLocaleString("en-US", PRICE_DIGITS)}`;
    return `$${negative ? "-" : ""}0.00`;
  }
  const [whole = "0", fraction = ""] = text.split(".");
  const cents =
    BigInt(`${whole}${fraction.slice(0, 2).padEnd(2, "0")}`) + (fraction.charAt(2) >= "5" ? 1n : 0n);
  const digits = cents.toString().padStart(3, "0");
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ",");
  return `$${negative ? "-" : ""}${grouped}.${digits.slice(-2)}`;
}

const PRICE_DIGITS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

export function formatCents(cents: Cents): string {
  return formatPrice(cents / 100);
}
