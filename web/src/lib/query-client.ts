import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { api } from "./api-client.ts";

/**
 * docs/product.md section 7: the default read is a GET to the path formed by the key parts joined with slashes,
 * so `useQuery({ queryKey: ["/api/auctions", id] })` reads `/api/auctions/{id}`. A 401 is an error.
 */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => api.get(queryKey.map(String).join("/"));

/** docs/product.md section 9: no staleness, no refetch on focus, no polling, no retries. Features opt in. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
