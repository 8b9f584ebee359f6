import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { SupportMessageReceipt, SupportMessageRequest } from "#shared/schemas/support";

/** POST /api/support/messages: the Contact Us form. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (body: SupportMessageRequest) =>
      api.post<SupportMessageReceipt>("/api/support/messages", body),
  });
}
