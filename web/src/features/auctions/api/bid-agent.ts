import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import type { AgentView, BookAgentInput } from "#shared/schemas/agents";
import { auctionQueries } from "./queries.ts";

const agentPath = (auctionId: string) => `/api/auctions/${encodeURIComponent(auctionId)}/agent`;

function useAfterAgentChange(auctionId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: auctionQueries.agent(auctionId).queryKey });
    void queryClient.invalidateQueries({ queryKey: auctionQueries.detail(auctionId).queryKey });
    void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  };
}

/** PUT /api/auctions/{id}/agent: books (or re-books) the credits at once. */
export function useBookAgent(auctionId: string) {
  const refresh = useAfterAgentChange(auctionId);
  return useMutation({
    mutationFn: (body: BookAgentInput) => api.put<AgentView>(agentPath(auctionId), body),
    onSuccess: refresh,
    meta: { errorToast: { title: "Cannot start Bid Agent", fallback: "Please try again." } },
  });
}

/** DELETE /api/auctions/{id}/agent: stops it; unused credits go back to the balance. */
export function useCancelAgent(auctionId: string) {
  const refresh = useAfterAgentChange(auctionId);
  return useMutation({
    mutationFn: () => api.delete<{ returned: number }>(agentPath(auctionId)),
    onSuccess: refresh,
    meta: { errorToast: { fallback: "Could not cancel the Bid Agent" } },
  });
}
