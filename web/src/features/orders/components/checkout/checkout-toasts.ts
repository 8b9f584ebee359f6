import { toast } from "@web/components/ui/use-toast.ts";
import { getServerMessage } from "@web/lib/api-client.ts";

// The answers both checkouts (a win, Buy It Now) give, worded once.
export function toastOrderCreated() {
  toast({ variant: "success", title: "Order created. Please complete payment to finalize your purchase." });
}

export function toastOrderFailed(error: unknown) {
  toast({
    variant: "destructive",
    title: "Error",
    description: getServerMessage(error, "Failed to create order"),
  });
}

export function toastPaid() {
  toast({
    variant: "success",
    title: "Payment successful!",
    description: "Your order has been placed. Check your orders page for details.",
  });
}
