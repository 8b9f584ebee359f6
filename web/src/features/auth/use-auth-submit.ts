import type { UseMutationResult } from "@tanstack/react-query";
import { paths } from "@web/config/paths.ts";
import { toast } from "@web/lib/toast.ts";

/** Long enough to read the success toast before the full reload. */
export const RELOAD_AFTER_TOAST_MS = 600;

type AuthToasts<TVariablesOf> = {
  success: { title: string; description: string };
  /** Where the reload goes (the home page unless told). */
  destination?: (variables: TVariablesOf) => string;
};

/**
 * Login and register end the same way: a success toast, then a full reload of the home page so every
 * cached query (and the realtime socket) starts again as the signed-in user; a failure is toasted by the
 * mutation itself (its errorToast). `busy` stays true after success so the form cannot be sent twice before the reload.
 */
export function useAuthSubmit<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
  toasts: AuthToasts<TVariables>,
  /** An answer that signs in nothing yet (a login waiting for its second factor) goes here instead. */
  notYet?: (data: TData) => boolean,
) {
  const submit = (values: TVariables) =>
    mutation.mutate(values, {
      onSuccess: (data) => {
        if (notYet?.(data)) return;
        toast({ ...toasts.success, variant: "success" });
        setTimeout(() => {
          window.location.href = toasts.destination?.(values) ?? paths.home.getHref();
        }, RELOAD_AFTER_TOAST_MS);
      },
    });
  const waiting = mutation.data !== undefined && notYet?.(mutation.data) === true;
  return {
    submit,
    busy: mutation.isPending || (mutation.isSuccess && !waiting),
    pending: mutation.isPending,
    waitingForCode: waiting,
    /** The last try's failure, shown on the form until the next try (the toast goes after 5 s). */
    error: mutation.error,
  };
}
