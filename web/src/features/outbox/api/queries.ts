import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { OutboxEmail } from "#shared/schemas/notifications";

/** Every read of the outbox page; each key is the path it reads (docs/product.md section 7). */
export const outboxQueries = {
  /** The local stack's outbox for one address (GET /api/dev/outbox); refreshed every few seconds. */
  emails: (to: string) =>
    queryOptions({
      queryKey: ["/api/dev/outbox", to] as const,
      queryFn: () => api.get<OutboxEmail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
      enabled: to.includes("@"),
      refetchInterval: 3000,
    }),
};
