/**
 * The admin's Bid Packages tab (docs/product.md section 2): every package, create, edit, deactivate.
 * An edit never reaches a payment already started: its intent carries the price and bid count it was
 * created with, and crediting reads only the intent (functions/usecases/payments/credit-bid-purchase.ts).
 */
import { decimalToCents } from "#shared/money";
import { sortPackagesByBidCount } from "#shared/packages";
import {
  type AdminBidPackage,
  type CreateBidPackageInput,
  packageIdFromName,
  type UpdateBidPackageInput,
} from "#shared/schemas/bid-packages";
import {
  type BidPackageRecord,
  listBidPackages,
  putBidPackage,
  updateBidPackage,
} from "../../adapters/dynamo/packages-repo.ts";
import { badRequest, conflict, notFound } from "../../domain/errors.ts";
import { toAdminBidPackageView } from "../views/bid-package-view.ts";

/** Active and inactive alike, by bid count like the public list. */
export async function listAllBidPackages(): Promise<AdminBidPackage[]> {
  return sortPackagesByBidCount((await listBidPackages()).map(toAdminBidPackageView));
}

/** What buyers see and may buy: the active packages only. */
export async function listActiveBidPackages(): Promise<BidPackageRecord[]> {
  return (await listBidPackages()).filter((p) => p.active);
}

export async function createBidPackage(input: CreateBidPackageInput, now: number): Promise<AdminBidPackage> {
  const id = input.id ?? packageIdFromName(input.name);
  if (!id) throw badRequest("id: give an id, or a name with letters or digits to make one from");
  const record: BidPackageRecord = {
    id,
    name: input.name,
    bidCount: input.bidCount,
    // The schema let only a valid price through.
    priceCents: decimalToCents(input.price)!,
    savings: input.savings,
    popular: input.popular,
    active: true,
    createdAt: new Date(now).toISOString(),
    updatedAt: null,
  };
  if ((await putBidPackage(record, { onlyIfAbsent: true })) === "exists") {
    throw conflict(`A bid package with the id "${id}" already exists`);
  }
  return toAdminBidPackageView(record);
}

export async function editBidPackage(
  id: string,
  change: UpdateBidPackageInput,
  now: number,
): Promise<AdminBidPackage> {
  const { price, ...rest } = change;
  const updated = await updateBidPackage(
    id,
    { ...rest, ...(price !== undefined ? { priceCents: decimalToCents(price)! } : {}) },
    now,
  );
  if (!updated) throw notFound("Bid package not found");
  return toAdminBidPackageView(updated);
}
