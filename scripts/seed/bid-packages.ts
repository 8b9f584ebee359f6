/**
 * Bid packages in the table: the three defaults of the local seed, and the validated upsert/delete
 * the admin CLI (scripts/bid-packages.ts, `npm run seed:packages`) uses on a deployed table.
 */
import { z } from "zod";
import { decimalToCents } from "#shared/money";
import {
  type BidPackageRecord,
  deleteBidPackage,
  listBidPackages,
  putBidPackage,
} from "../../functions/adapters/dynamo/packages-repo.ts";

/** What an admin writes for a package (price as "12.34", like the API shows it). */
export const bidPackageInputSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "id: lowercase letters, digits and dashes"),
    name: z.string().trim().min(1).max(60),
    bidCount: z.number().int().min(1).max(1_000_000),
    price: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, "price: a decimal like 25.00"),
    savings: z.number().int().min(0).max(100).default(0),
    popular: z.boolean().default(false),
  })
  .strict()
  .refine((p) => (decimalToCents(p.price) ?? 0) >= 50, {
    // Stripe refuses card charges below $0.50.
    message: "price: at least 0.50",
    path: ["price"],
  });
export type BidPackageInput = z.input<typeof bidPackageInputSchema>;

export const DEFAULT_BID_PACKAGES: BidPackageInput[] = [
  { id: "starter", name: "Starter", bidCount: 50, price: "25.00", savings: 0, popular: false },
  { id: "popular", name: "Popular", bidCount: 150, price: "60.00", savings: 20, popular: true },
  { id: "pro", name: "Pro", bidCount: 400, price: "140.00", savings: 30, popular: false },
];

function toRecord(input: BidPackageInput, now: number): BidPackageRecord {
  const parsed = bidPackageInputSchema.parse(input);
  return {
    id: parsed.id,
    name: parsed.name,
    bidCount: parsed.bidCount,
    priceCents: decimalToCents(parsed.price)!,
    savings: parsed.savings,
    popular: parsed.popular,
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

/** Creates or replaces packages (all validated before any is written). */
export async function upsertBidPackages(packages: unknown): Promise<string[]> {
  const parsed = z.array(bidPackageInputSchema).min(1).parse(packages);
  const now = Date.now();
  const existing = new Map((await listBidPackages()).map((p) => [p.id, p]));
  for (const input of parsed) {
    const record = toRecord(input, now);
    await putBidPackage({ ...record, createdAt: existing.get(record.id)?.createdAt ?? record.createdAt });
  }
  return parsed.map((p) => p.id);
}

export { deleteBidPackage, listBidPackages };
