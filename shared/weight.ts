/**
 * Product weights. The seller's form stores an amount with its unit ("1 oz", "31.1 g"); the admin's
 * form asks for ounces, and older listings hold a bare number: shown, a bare number reads as ounces,
 * so no page shows a weight without its unit.
 */
export const WEIGHT_UNITS = ["oz", "g", "kg", "lb"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

const BARE_NUMBER = /^\d+(?:\.\d+)?$/;

export function formatWeight(weight: string | null | undefined): string | null {
  const text = weight?.trim();
  if (!text) return null;
  return BARE_NUMBER.test(text) ? `${text} oz` : text;
}

/** "1 oz" -> amount "1", unit "oz"; anything else keeps its text as the amount, in ounces. */
export function splitWeight(weight: string | null | undefined): { amount: string; unit: WeightUnit } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(weight ?? "");
  const unit = match?.[2]?.toLowerCase() as WeightUnit | undefined;
  if (match?.[1] && unit && WEIGHT_UNITS.includes(unit)) return { amount: match[1], unit };
  return { amount: (weight ?? "").trim(), unit: "oz" };
}

/** The amount with the chosen unit; text that is not a bare number (it names its own unit) stays as typed. */
export function joinWeight(amount: string, unit: WeightUnit): string {
  const text = amount.trim();
  if (!text) return "";
  return BARE_NUMBER.test(text) ? `${text} ${unit}` : text;
}
