import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { SellerApplication } from "#shared/schemas/admin";

/** GET /api/admin/sellers/pending: applications waiting for a decision, oldest first. */
export function getPendingSellers(): Promise<SellerApplication[]> {
  return api.get<SellerApplication[]>("/api/admin/sellers/pending");
}

export function getPendingSellersQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/sellers/pending"], queryFn: getPendingSellers });
}
