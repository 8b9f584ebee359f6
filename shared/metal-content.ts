/**
 * The pure metal in a product, from its weight and purity: troy ounces of fine gold, silver or
 * platinum (`fineOz`, 4 decimals), and what that is worth at a spot price (melt value, to the cent).
 * Exact fractions (BigInt) rather than floats: 1 oz at 99.99% and $2,650.00 is $2,649.735, which a
 * float would round down to $2,649.73. The forms import this too, so it stays small.
 */

export const SPOT_METALS = ["gold", "silver", "platinum"] as const;
export type SpotMetal = (typeof SPOT_METALS)[number];

export const isSpotMetal = (metal: string): metal is SpotMetal =>
  (SPOT_METALS as readonly string[]).includes(metal);

/** num/den, both positive. */
type Fraction = readonly [bigint, bigint];

const decimal = (text: string): Fraction => {
  const [whole = "0", fraction = ""] = text.split(".");
  return [BigInt(whole + fraction), 10n ** BigInt(fraction.length)];
};

const times = (a: Fraction, b: Fraction): Fraction => [a[0] * b[0], a[1] * b[1]];

// A troy ounce is 31.1034768 g; a pound 453.59237 g.
const TROY_OZ_GRAMS = 311034768n;
const UNIT_IN_TROY_OZ: Record<string, Fraction> = {
  oz: [1n, 1n],
  g: [10n ** 7n, TROY_OZ_GRAMS],
  kg: [10n ** 10n, TROY_OZ_GRAMS],
  lb: [4535923700n, TROY_OZ_GRAMS],
};

/** "1 oz", "31.1g", "0.5 kg", "2 lb" (oz is the troy ounce) -> troy ounces; null for anything else. */
function troyOunces(weight: string): Fraction | null {
  const match = /^(\d{1,6}(?:\.\d{1,7})?)\s*(oz|g|kg|lb)$/i.exec(weight.trim());
  const unit = match?.[2] && UNIT_IN_TROY_OZ[match[2].toLowerCase()];
  if (!match?.[1] || !unit) return null;
  const amount = decimal(match[1]);
  return amount[0] > 0n ? times(amount, unit) : null;
}

/** "99.99%", ".999" or "0.999", "14K" -> the fraction of the weight that is pure metal; null otherwise. */
function fineness(purity: string): Fraction | null {
  const text = purity.trim();
  const percent = /^(\d{1,3}(?:\.\d{1,4})?)\s*%$/.exec(text)?.[1];
  const fine = /^0?(\.\d{1,5})$/.exec(text)?.[1];
  const karats = /^(\d{1,2}(?:\.\d{1,2})?)\s*(?:k|kt|karat)$/i.exec(text)?.[1];
  const share: Fraction | null = percent
    ? times(decimal(percent), [1n, 100n])
    : fine
      ? decimal(fine)
      : karats
        ? times(decimal(karats), [1n, 24n])
        : null;
  // Over 100% or nothing at all is a typo, not a purity.
  return share && share[0] > 0n && share[0] <= share[1] ? share : null;
}

export interface MetalDescription {
  metalType: string;
  weight?: string | null | undefined;
  purity?: string | null | undefined;
}

function fineContent(product: MetalDescription): Fraction | null {
  if (!isSpotMetal(product.metalType) || !product.weight || !product.purity) return null;
  const ounces = troyOunces(product.weight);
  const share = fineness(product.purity);
  return ounces && share ? times(ounces, share) : null;
}

/** `value` × `scale`, rounded half up to a whole number. */
const rounded = ([num, den]: Fraction, scale: bigint): number =>
  Number((2n * num * scale + den) / (2n * den));

/** Troy ounces of pure metal to 4 decimals, or null when the metal, weight or purity does not say. */
export function fineOzOf(product: MetalDescription): number | null {
  const content = fineContent(product);
  return content ? rounded(content, 10_000n) / 10_000 : null;
}

/** The unrounded fine content × the spot price (cents per troy ounce), to the cent; null as fineOzOf. */
export function meltValueCentsOf(product: MetalDescription, spotCentsPerOz: number): number | null {
  const content = fineContent(product);
  return content ? rounded(content, BigInt(Math.round(spotCentsPerOz))) : null;
}
