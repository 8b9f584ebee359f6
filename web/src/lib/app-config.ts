import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AppConfig } from "#shared/schemas/payments";

export const appConfigQueryKey = ["/api/config"] as const;

/** GET /api/config: the active payment provider and Stripe's publishable key (not baked into the build). */
export function getAppConfig(): Promise<AppConfig> {
  return api.get<AppConfig>("/api/config");
}

export function getAppConfigQueryOptions() {
  return queryOptions({ queryKey: appConfigQueryKey, queryFn: getAppConfig });
}

export function useAppConfig() {
  return useQuery(getAppConfigQueryOptions());
}
