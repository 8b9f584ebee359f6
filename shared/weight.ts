/**
 * Product weights, stored as an amount with its unit ("1 oz", "31.1 g"): the fine content is derived
 * from that shape (shared/metal-content.ts), and every page shows the stored text as it is.
 */
export const WEIGHT_UNITS = ["oz", "g", "kg", "lb"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const WEIGHT_FORMAT_MESSAGE =
  'Weight must be an amount with its unit (oz, g, kg or lb), such as "1 oz"';

const BARE_NUMBER = /^\d+(?:\.\d+)?$/;
const WITH_UNIT = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i;

const isUnit = (unit: string): unit is WeightUnit => (WEIGHT_UNITS as readonly string[]).includes(unit);

/** "1oz", "1 OZ" -> "1 oz"; null for text that is not an amount with a unit this market knows. */
export function canonicalWeight(weight: string): string | null {
  const match = WITH_UNIT.exec(weight);
  const unit = match?.[2]?.toLowerCase() ?? "";
  return match?.[1] && isUnit(unit) ? `${match[1]} ${unit}` : null;
}

/** "1 oz" -> amount "1", unit "oz"; text without a known unit (typed on its way) is all amount, in ounces. */
export function splitWeight(weight: string | null | undefined): { amount: string; unit: WeightUnit } {
  const match = WITH_UNIT.exec(weight ?? "");
  const unit = match?.[2]?.toLowerCase() ?? "";
  if (match?.[1] && isUnit(unit)) return { amount: match[1], unit };
  return { amount: (weight ?? "").trim(), unit: "oz" };
}

/** The amount with the chosen unit; text that is not a bare number (it names its own unit) stays as typed. */
export function joinWeight(amount: string, unit: WeightUnit): string {
  const text = amount.trim();
  if (!text) return "";
  return BARE_NUMBER.test(text) ? `${text} ${unit}` : text;
}
