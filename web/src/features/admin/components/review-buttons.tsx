import type { UseMutationResult } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Check, X } from "lucide-react";

type Decision = "approve" | "reject";

/**
 * Approve / Reject for one pending application. Only the card being decided is disabled, so the
 * admin can keep deciding the others while one request is in flight.
 */
export function ReviewButtons<TData, TError>({
  review,
  id,
  className,
  onApprove,
}: {
  review: UseMutationResult<TData, TError, { id: string; decision: Decision }>;
  id: string;
  className: string;
  /** Approving asks for more first (a product's auction terms): this opens that instead of deciding. */
  onApprove?: () => void;
}) {
  const busy = review.isPending && review.variables?.id === id;
  return (
    <div className={className}>
      <Button
        size="sm"
        disabled={busy}
        onClick={onApprove ?? (() => review.mutate({ id, decision: "approve" }))}
      >
        <Check aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => review.mutate({ id, decision: "reject" })}
      >
        <X aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}
