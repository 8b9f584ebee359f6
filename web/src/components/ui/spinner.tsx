import { cn } from "@web/lib/utils.ts";
import { LoaderCircle } from "lucide-react";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn("size-6 animate-spin text-primary", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
