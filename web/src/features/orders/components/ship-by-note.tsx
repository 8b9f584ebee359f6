import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { toast } from "@web/lib/toast.ts";
import { CalendarClock, CircleAlert, Undo2 } from "lucide-react";
import { useState } from "react";
import { formatPrice } from "#shared/money";
import type { OrderView } from "#shared/schemas/orders";
import { useCancelOrder } from "../api/cancel-order.ts";

/**
 * The ship-by guarantee on a paid order: by when the seller must ship it; once that passed unshipped,
 * a Cancel and refund button (after a confirmation); once cancelled, what came back.
 */
export function ShipByNote({ order, now = Date.now() }: { order: OrderView; now?: number }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();
  if (order.cancelledAt) {
    const bids = order.bidsReturned ?? 0;
    return (
      <p
        className="flex items-center gap-1.5 text-sm font-medium"
        data-testid="ship-by"
        data-cancelled="true"
      >
        <Undo2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          Cancelled: the seller did not ship in time.{" "}
          {order.paymentStatus === "refunded"
            ? `${formatPrice(order.finalPrice)} refunded to your card`
            : "Your refund is on its way"}
          {bids > 0 ? `, and ${bids} free ${bids === 1 ? "bid" : "bids"} back in your balance.` : "."}
        </span>
      </p>
    );
  }
  if (!order.shipBy || order.paymentStatus !== "paid" || order.shippingStatus !== "pending") return null;
  const shipBy = formatDateTimeWithYear(order.shipBy);
  if (now < Date.parse(order.shipBy)) {
    return (
      <p className="flex items-center gap-1.5 text-sm" data-testid="ship-by">
        <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          Ship by <strong>{shipBy}</strong>: if the seller has not shipped it by then, you may cancel for a
          full refund.
        </span>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid="ship-by" data-late="true">
      <p className="flex items-center gap-1.5 text-sm font-medium text-destructive">
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        Not shipped by {shipBy}.
      </p>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        Cancel and refund
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this order and get a refund?"
        description={`${formatPrice(order.finalPrice)} goes back to your card in full${
          order.bidsSpent > 0
            ? `, and the ${order.bidsSpent} ${order.bidsSpent === 1 ? "bid" : "bids"} you placed on this auction come back as free bids`
            : ""
        }. The seller will not ship it.`}
        confirmLabel="Cancel and refund"
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(order.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Order cancelled", description: "Your refund is on its way." });
            },
          })
        }
      />
    </div>
  );
}
