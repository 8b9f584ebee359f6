import { cn } from "@web/lib/utils.ts";
import type * as React from "react";

export const inputClassName =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium sm:text-sm";

export function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return <input type={type ?? "text"} className={cn(inputClassName, className)} {...props} />;
}
