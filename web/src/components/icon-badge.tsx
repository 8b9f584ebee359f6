import { cn } from "@web/lib/utils.ts";
import type { LucideIcon } from "lucide-react";

/**
 * An icon centred in a filled circle (a step, a benefit, an empty list, a signed-out card); `className`
 * gives its size and colours, `iconClassName` the icon's size.
 */
export function IconBadge({
  icon: Icon,
  className,
  iconClassName = "size-6",
}: {
  icon: LucideIcon;
  className: string;
  iconClassName?: string;
}) {
  return (
    <span className={cn("flex items-center justify-center rounded-full", className)}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
