import { QueryClientProvider } from "@tanstack/react-query";
import { LazyToaster } from "@web/components/ui/lazy-toaster.tsx";
import { queryClient } from "@web/lib/query-client.ts";
import type { ReactNode } from "react";

/**
 * App-wide providers: data cache and the single toaster. Tooltips bring their own provider with the
 * 700/300 ms delays (components/ui/tooltip.tsx), so a page without one loads no tooltip code.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
