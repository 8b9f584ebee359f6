import type { QueryKey } from "@tanstack/react-query";
import { type ListMutationOptions, useListMutation } from "@web/components/use-list-mutation.ts";
import { api } from "@web/lib/api-client.ts";

/**
 * An admin mutation: a list mutation (its toast, the lists it refetches) whose failure is docs/product.md
 * section 8's destructive "Error" with the server's message.
 */
export function useAdminMutation<TVariables, TData>(
  options: Omit<ListMutationOptions<TVariables, TData>, "errorToast">,
) {
  return useListMutation({ ...options, errorToast: { fallback: "Something went wrong" } });
}

/** DELETE `{collection}/{id}`: removes one row, then refetches the lists it showed in. */
export function useAdminDelete(collection: string, options: { affects: readonly QueryKey[]; title: string }) {
  return useAdminMutation({
    mutationFn: (id: string) => api.delete(`${collection}/${encodeURIComponent(id)}`),
    affects: options.affects,
    success: () => ({ title: options.title }),
  });
}
