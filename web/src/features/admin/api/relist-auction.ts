import { useListMutation } from "@web/components/use-list-mutation.ts";
import { ApiError, api } from "@web/lib/api-client.ts";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { adminQueries } from "./queries.ts";

export interface RelistRequest {
  id: string;
  /** Null: the new auction never locks. */
  lockAtPrice: string | null;
}

/** POST /api/admin/auctions/{id}/relist: a new auction of an expired win's product (409 for anything else). */
export function relistAuction({ id, lockAtPrice }: RelistRequest): Promise<AuctionSummary> {
  return api.post<AuctionSummary>(
    `/api/admin/auctions/${encodeURIComponent(id)}/relist`,
    lockAtPrice === null ? undefined : { lockAtPrice },
  );
}

/**
 * The relist's refusal of its lock price (a 400: the only field it takes), worded as the server words it,
 * for the dialog to show at the field; null for any other failure (those are toasted).
 */
export function relistFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const body = JSON.parse(error.body) as { message?: string; issues?: { path: string; message: string }[] };
    return body.issues?.find((issue) => issue.path === "lockAtPrice")?.message ?? body.message ?? null;
  } catch {
    return null;
  }
}

export function useRelistAuction() {
  return useListMutation({
    mutationFn: relistAuction,
    affects: [adminQueries.expiredWins().queryKey, adminQueries.auctions().queryKey],
    success: (auction) => ({ title: "Listed again", description: `${auction.product.name} is live again.` }),
    // A 400 is the lock price's: the dialog shows it at the field.
    errorToast: { fallback: "Something went wrong", except: [400] },
  });
}
