import { cn } from "@web/lib/utils.ts";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type * as React from "react";
import { styleParts } from "./with-class-name.tsx";

/** docs/product.md section 9: shown 5000 ms by default, swipe right past 50 px to dismiss, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const { ToastViewport, ToastAction, ToastTitle, ToastDescription } = styleParts(
  "Toast",
  ToastPrimitive,
  {
    // Radix's default hotkey is F8; the label is read by screen readers. At the bottom on every screen,
    // where no page or dialog title is; above the phone's bid bar when one is shown (it sets
    // --toast-bottom to its height).
    Viewport:
      "fixed bottom-[var(--toast-bottom,0px)] z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:right-0 sm:max-w-[420px]",
    Action:
      "inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/10",
    Title: "text-sm font-semibold",
    Description: "text-sm opacity-90",
  },
);

export function ToastProvider({
  duration = TOAST_DURATION_MS,
  swipeDirection = "right",
  swipeThreshold = TOAST_SWIPE_THRESHOLD_PX,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={duration}
      swipeDirection={swipeDirection}
      swipeThreshold={swipeThreshold}
      {...props}
    />
  );
}

const toastVariants = cva(
  "toast-swipe group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive: "destructive border-red-700 bg-destructive text-destructive-foreground",
        success: "border-green-200 bg-green-50 text-green-900",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      className={cn(toastVariants({ variant }), className)}
      data-variant={variant ?? "default"}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        "absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export type ToastProps = React.ComponentProps<typeof Toast>;
export type ToastActionElement = React.ReactElement<typeof ToastAction>;
