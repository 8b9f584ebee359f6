import { pressedBox, useToast } from "@web/lib/toast.ts";
import { cn } from "@web/lib/utils.ts";
import { useLayoutEffect, useRef, useState } from "react";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast.tsx";

/**
 * Renders the toast store; mounted once in the app provider. A toast sits at the bottom unless there
 * it would cover what was just pressed (a Pay button low on a phone, a card's Place Bid): then at the
 * top, over the header's bar rather than the control the user is looking at.
 */
export function Toaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState(false);
  const newest = toasts[0]?.id;
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!newest || !element) return;
    setTop(coversAtBottom(element, pressedBox()));
  }, [newest]);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport
        ref={viewport}
        className={cn(top && "top-0 bottom-auto")}
        data-side={top ? "top" : "bottom"}
      />
    </ToastProvider>
  );
}

/** Whether the viewport, placed at the bottom (above the phone's bid bar), would overlap `pressed`. */
function coversAtBottom(viewport: HTMLElement, pressed: DOMRect | null): boolean {
  if (!pressed) return false;
  const { left, right, height } = viewport.getBoundingClientRect();
  const lift =
    Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--toast-bottom")) || 0;
  const bottom = window.innerHeight - lift;
  const overlapsAcross = pressed.left < right && left < pressed.right;
  return overlapsAcross && pressed.bottom > bottom - height && pressed.top < bottom;
}
