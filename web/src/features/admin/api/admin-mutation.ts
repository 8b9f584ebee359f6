import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/use-toast.ts";

/**
 * An admin mutation: on success it refetches the lists it affects (the same query keys the lists
 * read) and shows its toast; on failure docs/product.md section 8's destructive "Error" with the server's
 * message (through the query client's mutation cache).
 */
export function useAdminMutation<TVariables, TData>(options: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  affects: readonly QueryKey[];
  success: (data: TData, variables: TVariables) => { title: string; description?: string };
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      toast(options.success(data, variables));
      await Promise.all(options.affects.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    meta: { errorToast: { fallback: "Something went wrong" } },
  });
}
