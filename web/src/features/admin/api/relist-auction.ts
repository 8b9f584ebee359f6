import { api } from "@web/lib/api-client.ts";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** POST /api/admin/auctions/{id}/relist: a new auction of an expired win's product (409 for anything else). */
export function relistAuction(id: string): Promise<AuctionSummary> {
  return api.post<AuctionSummary>(`/api/admin/auctions/${encodeURIComponent(id)}/relist`);
}

export function useRelistAuction() {
  return useAdminMutation({
    mutationFn: relistAuction,
    affects: [adminQueries.expiredWins().queryKey, adminQueries.auctions().queryKey],
    success: (auction) => ({ title: "Listed again", description: `${auction.product.name} is live again.` }),
  });
}
