import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AppConfig } from "#shared/schemas/payments";

/** GET /api/config: the active payment provider and Stripe's publishable key (not baked into the build). */
export const appConfigQuery = () =>
  queryOptions({ queryKey: ["/api/config"] as const, queryFn: () => api.get<AppConfig>("/api/config") });

export function useAppConfig() {
  return useQuery(appConfigQuery());
}
