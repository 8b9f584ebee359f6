import { useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { OutboxEmail } from "#shared/schemas/notifications";

/** The local stack's outbox for one address (GET /api/dev/outbox); refreshed every few seconds. */
export function useOutbox(to: string) {
  return useQuery({
    queryKey: ["/api/dev/outbox", to],
    queryFn: () => api.get<OutboxEmail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
    enabled: to.includes("@"),
    refetchInterval: 3000,
  });
}
