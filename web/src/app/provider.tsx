import { QueryClientProvider } from "@tanstack/react-query";
import { LazyToaster } from "@web/components/ui/lazy-toaster.tsx";
import { queryClient } from "@web/lib/query-client.ts";
import type { ReactNode } from "react";

/** App-wide providers: the data cache and the single toaster (loaded after the page, with its first toast). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
