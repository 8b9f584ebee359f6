import type { SellerProfile } from "#shared/schemas/seller";
import type { SellerRecord } from "../../adapters/dynamo/sellers-repo.ts";

export function toSellerProfile(seller: SellerRecord): SellerProfile {
  return {
    id: seller.id,
    businessName: seller.businessName,
    ...(seller.description ? { description: seller.description } : {}),
    status: seller.status,
    ...(seller.approvedAt ? { approvedAt: seller.approvedAt } : {}),
    createdAt: seller.createdAt,
  };
}
