import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AuctionSummary } from "#shared/schemas/auctions";

/** GET /api/admin/auctions: every auction, newest first. */
export function getAdminAuctions(): Promise<AuctionSummary[]> {
  return api.get<AuctionSummary[]>("/api/admin/auctions");
}

export function getAdminAuctionsQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/auctions"], queryFn: getAdminAuctions });
}
