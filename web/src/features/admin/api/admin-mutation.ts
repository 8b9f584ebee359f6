import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/use-toast.ts";
import { getServerMessage } from "@web/lib/api-client.ts";

/** docs/product.md section 8: every failed admin mutation shows a destructive "Error" with the server's message. */
export function toastAdminError(error: unknown) {
  toast({
    variant: "destructive",
    title: "Error",
    description: getServerMessage(error, "Something went wrong"),
  });
}

/**
 * An admin mutation: on success it refetches the lists it affects (the same query keys the lists
 * read) and shows its toast; on failure the "Error" toast.
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
    onError: toastAdminError,
  });
}
