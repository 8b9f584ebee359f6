/**
 * Bid packages in the table: the three defaults of the local seed, and the validated upsert/delete
 * the admin CLI (scripts/bid-packages.ts, `npm run seed:packages`) uses on a deployed table.
 */
import { decimalToCents } from "#shared/money";
import { bidPackageFields, bidPackageIdField } from "#shared/schemas/bid-packages";
import * as z from "#shared/schemas/zod";
import {
  deleteBidPackage,
  listBidPackages,
  type NewBidPackage,
  putBidPackage,
} from "../../functions/adapters/dynamo/packages-repo.ts";

/**
 * What an admin writes for a package (price as "12.34", like the API shows it): the Admin Panel's
 * rules (shared/schemas/bid-packages.ts), with the id given and `active` optional.
 */
export const bidPackageInputSchema = z.strictObject({
  id: bidPackageIdField,
  ...bidPackageFields,
  savings: z._default(bidPackageFields.savings, 0),
  popular: z._default(bidPackageFields.popular, false),
  active: z.optional(z.boolean()),
});
export type BidPackageInput = z.input<typeof bidPackageInputSchema>;

export const DEFAULT_BID_PACKAGES: BidPackageInput[] = [
  { id: "starter", name: "Starter", bidCount: 50, price: "25.00", savings: 0, popular: false },
  { id: "popular", name: "Popular", bidCount: 150, price: "60.00", savings: 20, popular: true },
  { id: "pro", name: "Pro", bidCount: 400, price: "140.00", savings: 30, popular: false },
];

function toRecord(input: BidPackageInput, now: number): NewBidPackage {
  const parsed = bidPackageInputSchema.parse(input);
  return {
    id: parsed.id,
    name: parsed.name,
    bidCount: parsed.bidCount,
    priceCents: decimalToCents(parsed.price)!,
    savings: parsed.savings,
    popular: parsed.popular,
    ...(parsed.active !== undefined ? { active: parsed.active } : {}),
    createdAt: new Date(now).toISOString(),
  };
}

/**
 * Idempotent: writes each default package unless a package with its id exists already, so an admin's
 * later edits survive every restart of the local stack. Returns the ids it wrote.
 */
export async function seedBidPackages(packages: BidPackageInput[] = DEFAULT_BID_PACKAGES): Promise<string[]> {
  const now = Date.now();
  const written: string[] = [];
  for (const input of packages) {
    if ((await putBidPackage(toRecord(input, now), { onlyIfAbsent: true })) === "written")
      written.push(input.id);
  }
  return written;
}

/**
 * Creates or replaces packages (all validated before any is written). A replaced package keeps its
 * creation time and, unless the file says otherwise, whether it is active.
 */
export async function upsertBidPackages(packages: unknown): Promise<string[]> {
  const parsed = z.array(bidPackageInputSchema).check(z.minLength(1)).parse(packages);
  const now = Date.now();
  const existing = new Map((await listBidPackages()).map((p) => [p.id, p]));
  for (const input of parsed) {
    const record = toRecord(input, now);
    const before = existing.get(record.id);
    await putBidPackage(
      before
        ? {
            ...record,
            createdAt: before.createdAt,
            active: record.active ?? before.active,
            updatedAt: new Date(now).toISOString(),
          }
        : record,
    );
  }
  return parsed.map((p) => p.id);
}

export { deleteBidPackage, listBidPackages };
