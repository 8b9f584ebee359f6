import { cn } from "@web/lib/utils.ts";
import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { styleParts, withClassName } from "./with-class-name.tsx";

export const { DialogOverlay, DialogTitle, DialogDescription } = styleParts("Dialog", DialogPrimitive, {
  Overlay: "fixed inset-0 z-50 bg-slate-950/70 backdrop-blur-[2px] animate-fade-in",
  Title: "text-lg font-semibold leading-tight tracking-tight",
  Description: "text-sm text-muted-foreground",
});

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogContent({
  className,
  children,
  showClose = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showClose?: boolean }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-2xl animate-fade-in",
          className,
        )}
        {...props}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm p-1 text-muted-foreground opacity-80 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = withClassName(
  "div",
  "flex flex-col gap-1.5 pr-6 text-center sm:text-left",
  "DialogHeader",
);

export const DialogFooter = withClassName(
  "div",
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
  "DialogFooter",
);
