import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ErrorToast } from "@web/lib/query-client.ts";
import { toast } from "@web/lib/toast.ts";

export interface ListMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  affects: readonly QueryKey[];
  success: (data: TData, variables: TVariables) => { title: string; description?: string };
  errorToast: ErrorToast;
}

/**
 * A mutation that changes lists: on success it shows its toast and refetches the lists it affects (the
 * same query keys the lists read); on failure the destructive toast with the server's message (through
 * the query client's mutation cache).
 */
export function useListMutation<TVariables, TData>(options: ListMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      toast(options.success(data, variables));
      await Promise.all(options.affects.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    meta: { errorToast: options.errorToast },
  });
}
