import { Tabs as TabsPrimitive } from "radix-ui";
import { styleParts } from "./with-class-name.tsx";

export const { TabsList, TabsTrigger, TabsContent } = styleParts("Tabs", TabsPrimitive, {
  List: "inline-flex h-10 max-w-full items-center justify-start gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
  Trigger:
    "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
  Content: "mt-4 focus-visible:outline-2 focus-visible:outline-ring",
});

export const Tabs = TabsPrimitive.Root;
