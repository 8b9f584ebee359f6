/** The account's own spending limits and self-exclusion (the read they update is shared: lib/spending-limits.ts). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { limitsQuery } from "@web/lib/spending-limits.ts";
import type { LimitsView, UpdateLimitsRequest } from "#shared/schemas/limits";

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
