import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "@web/components/ui/toaster.tsx";
import { TooltipProvider } from "@web/components/ui/tooltip.tsx";
import { queryClient } from "@web/lib/query-client.ts";
import type { ReactNode } from "react";

/** App-wide providers: data cache, tooltips (700/300 ms) and the single toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
