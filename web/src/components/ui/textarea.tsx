import { cn } from "@web/lib/utils.ts";
import type * as React from "react";
import { inputClassName } from "./input.tsx";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(inputClassName, "h-auto min-h-20 resize-y", className)} {...props} />;
}
