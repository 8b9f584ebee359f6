import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getErrorStatus } from "@web/lib/api-client.ts";
import { meQueryKey } from "@web/lib/current-user.ts";
import type { AgentView, BookAgentInput } from "#shared/schemas/agents";
import { auctionQueryKey } from "./get-auction.ts";

export const agentQueryKey = (auctionId: string) => ["/api/auctions", auctionId, "agent"] as const;
const agentPath = (auctionId: string) => `/api/auctions/${encodeURIComponent(auctionId)}/agent`;

/** GET /api/auctions/{id}/agent: the caller's Bid Agent, or null when they never booked one. */
export async function getAgent(auctionId: string): Promise<AgentView | null> {
  try {
    return await api.get<AgentView>(agentPath(auctionId));
  } catch (error) {
    if (getErrorStatus(error) === 404) return null;
    throw error;
  }
}

export function getAgentQueryOptions(auctionId: string, enabled: boolean) {
  return queryOptions({
    queryKey: agentQueryKey(auctionId),
    queryFn: () => getAgent(auctionId),
    enabled,
    // While it works, its credits move every few seconds.
    refetchInterval: (query) => (query.state.data?.status === "active" ? 2000 : false),
  });
}

export function useAgent(auctionId: string, enabled: boolean) {
  return useQuery(getAgentQueryOptions(auctionId, enabled));
}

function useAfterAgentChange(auctionId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: agentQueryKey(auctionId) });
    void queryClient.invalidateQueries({ queryKey: auctionQueryKey(auctionId) });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

/** PUT /api/auctions/{id}/agent: books (or re-books) the credits at once. */
export function useBookAgent(auctionId: string) {
  const refresh = useAfterAgentChange(auctionId);
  return useMutation({
    mutationFn: (body: BookAgentInput) => api.put<AgentView>(agentPath(auctionId), body),
    onSuccess: refresh,
  });
}

/** DELETE /api/auctions/{id}/agent: stops it; unused credits go back to the balance. */
export function useCancelAgent(auctionId: string) {
  const refresh = useAfterAgentChange(auctionId);
  return useMutation({
    mutationFn: () => api.delete<{ returned: number }>(agentPath(auctionId)),
    onSuccess: refresh,
  });
}
