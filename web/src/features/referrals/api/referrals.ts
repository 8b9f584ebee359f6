/** The account's invitation: its code, link and counts (GET /api/me/referral). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { ReferralView } from "#shared/schemas/referrals";

export const referralQuery = () =>
  queryOptions({
    queryKey: ["/api/me/referral"] as const,
    queryFn: () => api.get<ReferralView>("/api/me/referral"),
  });

export function useReferral() {
  return useQuery(referralQuery());
}
