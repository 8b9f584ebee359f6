/**
 * What an admin's edit of a product may change (docs/product.md, Admin Panel). Any field, before and
 * after approval, except that once its auction has a bid the fields bidders relied on when they bid
 * (the metal, weight, purity and starting price) stay as they were. Pure.
 */
import { formatCents } from "#shared/money";
import { RETAIL_BELOW_START_MESSAGE } from "#shared/schemas/seller";

/** The product's editable values as stored (prices in cents; weight and purity absent when not given). */
export interface EditableProduct {
  name: string;
  description: string;
  metalType: string;
  weight?: string;
  purity?: string;
  imageUrl: string;
  startingPriceCents: number;
  retailPriceCents?: number;
  buyNowStock?: number;
}

/** An edit in stored terms: a field left out keeps its value; null clears weight or purity. */
export interface ProductEdit {
  name?: string;
  description?: string;
  metalType?: string;
  weight?: string | null;
  purity?: string | null;
  imageUrl?: string;
  startingPriceCents?: number;
  retailPriceCents?: number;
  buyNowStock?: number;
}

/** The fields bidders rely on, in the order a refusal names them (as the API spells them). */
const BIDDER_FIELDS = [
  ["metalType", "metalType"],
  ["weight", "weight"],
  ["purity", "purity"],
  ["startingPriceCents", "startingPrice"],
] as const;

export const BIDDER_FIELD_MESSAGE = "cannot change once the auction has a bid";

/** Weight and purity as compared: "1oz" and "1 OZ" are the same weight. */
const comparable = (field: keyof ProductEdit, value: unknown) =>
  (field === "weight" || field === "purity") && typeof value === "string"
    ? value.replace(/\s+/g, "").toLowerCase()
    : value;

/** Only what differs from the stored product (a form sends every field back; unchanged ones are no edit). */
export function changedFields(current: EditableProduct, edit: ProductEdit): ProductEdit {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit) as [keyof ProductEdit, unknown][]) {
    if (value === undefined) continue;
    if (comparable(field, value) !== comparable(field, current[field] ?? null)) changed[field] = value;
  }
  return changed as ProductEdit;
}

/** The first field bidders rely on that `changed` touches (its API name), or null. */
export function bidderFieldChanged(changed: ProductEdit): string | null {
  for (const [field, apiName] of BIDDER_FIELDS) {
    if (changed[field] !== undefined) return apiName;
  }
  return null;
}

/** Retail below the starting price, judged with the stored value of whichever the edit leaves. */
export function retailRefusal(current: EditableProduct, changed: ProductEdit): string | null {
  const start = changed.startingPriceCents ?? current.startingPriceCents;
  const retail = changed.retailPriceCents ?? current.retailPriceCents;
  return retail !== undefined && retail < start ? RETAIL_BELOW_START_MESSAGE : null;
}

/** Units sold through Buy It Now so far: fewer than that cannot be offered in all. */
export function stockRefusal(current: EditableProduct, newStock: number, stockLeft: number): string | null {
  const sold = (current.buyNowStock ?? 0) - stockLeft;
  return newStock < sold ? `Buy It Now stock must be at least ${sold}: that many were already sold` : null;
}

/** A lock price must stay above the starting price. */
export function lockRefusal(lockAtPriceCents: number | undefined, startingPriceCents: number): string | null {
  if (lockAtPriceCents === undefined || lockAtPriceCents > startingPriceCents) return null;
  return `Starting price must be below the auction's lock price (${formatCents(lockAtPriceCents)})`;
}
