import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { decimalToCents, formatCents } from "#shared/money";
import type { LimitsView, UpdateLimitsRequest } from "#shared/schemas/limits";

export const limitsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ["/api/me/limits"] as const,
    queryFn: () => api.get<LimitsView>("/api/me/limits"),
    enabled,
  });

export function useLimits(enabled = true) {
  return useQuery(limitsQuery(enabled));
}

/** "$15.00 left to spend today" when a daily limit is set, else null. */
export function leftToday(view: LimitsView | undefined): string | null {
  if (!view?.daily) return null;
  const left = Math.max(0, (decimalToCents(view.daily) ?? 0) - (decimalToCents(view.spent.day) ?? 0));
  return `${formatCents(left)} left to spend today (daily limit ${formatCents(decimalToCents(view.daily) ?? 0)})`;
}

export function useUpdateLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLimitsRequest) => api.put<LimitsView>("/api/me/limits", body),
    onSuccess: (view) => queryClient.setQueryData(limitsQuery().queryKey, view),
    meta: { errorToast: { fallback: "Could not save the limits" } },
  });
}

export function useSelfExclude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api.post<LimitsView>("/api/me/self-exclusion", { days }),
    onSuccess: (view) => queryClient.setQueryData(limitsQuery().queryKey, view),
    meta: { errorToast: { fallback: "Could not start it" } },
  });
}
