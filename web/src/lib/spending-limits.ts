/**
 * The signed-in user's limits and self-exclusion: the limits page (limits feature), the purchase of bids
 * (packages), the bid and Buy It Now buttons (auctions) and the header and banner (app) read them, so the
 * read lives here.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { useUser } from "@web/lib/current-user.ts";
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import type { LimitsView } from "#shared/schemas/limits";

export const limitsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ["/api/me/limits"] as const,
    queryFn: () => api.get<LimitsView>("/api/me/limits"),
    enabled,
  });

export function useLimits(enabled = true) {
  return useQuery(limitsQuery(enabled));
}

/**
 * The id of the self-exclusion banner's reason (app/layouts/self-exclusion-banner.tsx), which the disabled
 * bid and purchase buttons point at (aria-describedby): here because the auctions feature's buttons need it too.
 */
export const SELF_EXCLUSION_REASON_ID = "self-exclusion-reason";

/**
 * While the signed-in user is self-excluded: why bidding and buying are off, in their own time zone
 * ("Self-excluded until Nov 28, 2026, 3:04 PM"), so the buttons can say it before a click rather than
 * a refusal with the server's UTC time after one. Null otherwise (and for staff, who never buy).
 */
export function useSelfExclusion(): string | null {
  const { data: user } = useUser();
  const { data: view } = useLimits(!!user && user.role !== "admin");
  const until = view?.selfExcludedUntil;
  if (!user || !until || Date.parse(until) <= Date.now()) return null;
  return `Self-excluded until ${formatDateTimeWithYear(until)}`;
}
