import { SHIPPING_STATUS_LABELS } from "@web/components/status-badges.tsx";
import { DialogActions } from "@web/components/titled-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@web/components/ui/dialog.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select.tsx";
import { toast } from "@web/lib/toast.ts";
import { Truck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { SHIPPING_STATUSES, type ShippingStatus } from "#shared/constants";
import { shortOrderId } from "#shared/orders";
import type { OrderView, ShippingUpdate } from "#shared/schemas/orders";
import { useUpdateShipping } from "../api/update-shipping.ts";

/**
 * "Update Shipping": a status select (pending, shipped, delivered, in any order) and, only while
 * shipped is chosen, an optional tracking number.
 */
export function UpdateShippingDialog({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ShippingStatus>(order.shippingStatus);
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? "");
  const mutation = useUpdateShipping();
  const statusId = useId();
  const trackingId = useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      // Start from the order as it is now, not from an earlier edit that was cancelled.
      setStatus(order.shippingStatus);
      setTrackingNumber(order.trackingNumber ?? "");
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update: ShippingUpdate =
      status === "shipped" ? { status, trackingNumber: trackingNumber.trim() } : { status };
    mutation.mutate(
      { orderId: order.id, update },
      {
        onSuccess: () => {
          toast({ variant: "success", title: "Shipping updated" });
          setOpen(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Truck aria-hidden="true" />
          Update Shipping
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Update Shipping</DialogTitle>
            <DialogDescription>
              Order #{shortOrderId(order.id)} · {order.auction.product.name}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={statusId}>Shipping status</Label>
            <Select value={status} onValueChange={(value) => setStatus(value as ShippingStatus)}>
              <SelectTrigger id={statusId} aria-label="Shipping status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SHIPPING_STATUSES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {SHIPPING_STATUS_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {status === "shipped" && (
            <div className="grid gap-2">
              <Label htmlFor={trackingId}>Tracking number (optional)</Label>
              <Input
                id={trackingId}
                name="trackingNumber"
                value={trackingNumber}
                maxLength={100}
                placeholder="e.g. 1Z999AA10123456784"
                onChange={(e) => setTrackingNumber(e.target.value)}
              />
            </div>
          )}
          <DialogActions
            onCancel={() => setOpen(false)}
            cancelDisabled={mutation.isPending}
            label={mutation.isPending ? "Updating..." : "Update"}
            disabled={mutation.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
