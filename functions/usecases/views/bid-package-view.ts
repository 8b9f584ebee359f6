import { centsToDecimal } from "#shared/money";
import type { AdminBidPackage } from "#shared/schemas/bid-packages";
import type { BidPackage } from "#shared/schemas/payments";
import type { BidPackageRecord } from "../../adapters/dynamo/packages-repo.ts";

export function toBidPackageView(record: BidPackageRecord): BidPackage {
  return {
    id: record.id,
    name: record.name,
    bidCount: record.bidCount,
    price: centsToDecimal(record.priceCents),
    savings: record.savings,
    popular: record.popular,
  };
}

/** The admin's view: the public one, plus whether it is on sale and when it was made and last changed. */
export function toAdminBidPackageView(record: BidPackageRecord): AdminBidPackage {
  return {
    ...toBidPackageView(record),
    active: record.active,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
