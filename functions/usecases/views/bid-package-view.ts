import { centsToDecimal } from "#shared/money";
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
