import { toast } from "@web/lib/toast.ts";

// The answers both checkouts (a win, Buy It Now) give, worded once.
export function toastOrderCreated() {
  toast({ variant: "success", title: "Order created. Please complete payment to finalize your purchase." });
}

export function toastPaid() {
  toast({
    variant: "success",
    title: "Payment successful!",
    description: "Your order has been placed. Check your orders page for details.",
  });
}
