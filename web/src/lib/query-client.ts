import { MutationCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { toast } from "@web/lib/toast.ts";
import { api, getErrorStatus, getServerMessage } from "./api-client.ts";

/** How a mutation's refusal is told: a destructive toast titled `title` ("Error" by default) with the server's message, or `fallback` when it gave none. */
export interface ErrorToast {
  title?: string;
  fallback: string;
  /** When no answer came at all (the network failed): this line, titled "Error", instead of the fallback. */
  noAnswer?: string;
  /** Statuses the mutation's own `onError` tells another way (a 401 that goes to the login page): no toast. */
  except?: readonly number[];
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { errorToast?: ErrorToast };
  }
}

/** Every mutation's refusal is toasted here, once, from the `errorToast` its hook declares. */
export function toastMutationError(error: unknown, errorToast: ErrorToast | undefined): void {
  if (!errorToast) return;
  const status = getErrorStatus(error);
  if (status !== null && errorToast.except?.includes(status)) return;
  if (status === null && errorToast.noAnswer) {
    toast({ variant: "destructive", title: "Error", description: errorToast.noAnswer });
    return;
  }
  toast({
    variant: "destructive",
    title: errorToast.title ?? "Error",
    description: getServerMessage(error, errorToast.fallback),
  });
}

/**
 * docs/product.md section 7: the default read is a GET to the path formed by the key parts joined with slashes,
 * so the key `["/api/auctions", id]` reads `/api/auctions/{id}`. A 401 is an error. Keys are written once, in
 * the query factories (a feature's `api/queries.ts`, or web/src/lib for shared reads).
 */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => api.get(queryKey.map(String).join("/"));

/** docs/product.md section 9: no staleness, no refetch on focus, no polling, no retries. Features opt in. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        toastMutationError(error, mutation.meta?.errorToast),
    }),
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
