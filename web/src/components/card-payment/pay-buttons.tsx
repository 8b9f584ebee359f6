import { Button } from "@web/components/ui/button.tsx";
import { Lock } from "lucide-react";

/** Pay (with the amount) and an optional Cancel, the same under both card forms. */
export function PayButtons({
  busy,
  disabled,
  amountLabel,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  amountLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="outline" size="lg" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" size="lg" disabled={busy || disabled} className="sm:min-w-40">
        <Lock aria-hidden="true" />
        {busy ? "Processing..." : `Pay ${amountLabel}`}
      </Button>
    </div>
  );
}
