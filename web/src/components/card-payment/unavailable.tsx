import { AlertCircle } from "lucide-react";

/** The provider is not configured (or its settings could not be read): nothing to pay with. */
export function Unavailable() {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md bg-destructive/10 p-3 text-sm text-destructive"
    >
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      Payment system not available. Please try again later.
    </p>
  );
}
