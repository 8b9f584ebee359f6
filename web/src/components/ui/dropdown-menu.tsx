import { cn } from "@web/lib/utils.ts";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import type * as React from "react";
import { styleParts, withClassName } from "./with-class-name.tsx";

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

const MenuPanel = withClassName(
  DropdownMenuPrimitive.Content,
  "z-50 min-w-48 overflow-hidden rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg animate-fade-in",
  "DropdownMenuContent",
);

export function DropdownMenuContent({
  sideOffset = 6,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <MenuPanel sideOffset={sideOffset} {...props} />
    </DropdownMenuPrimitive.Portal>
  );
}

const rows = styleParts("DropdownMenu", DropdownMenuPrimitive, {
  Item: "relative flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none transition-colors data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground",
  Label: "px-2 py-1.5 text-sm font-semibold",
  Separator: "-mx-1 my-1 h-px bg-border",
});

/** A menu row that can be `inset` to line up with the rows that start with an icon. */
function withInset<P extends { className?: string }>(Row: React.ComponentType<P>) {
  function InsetRow({ inset, className, ...props }: P & { inset?: boolean }) {
    const rowProps = { ...props, className: cn(inset && "pl-8", className) } as P;
    return <Row {...rowProps} />;
  }
  InsetRow.displayName = Row.displayName;
  return InsetRow;
}

export const DropdownMenuItem = withInset(rows.DropdownMenuItem);
export const DropdownMenuLabel = withInset(rows.DropdownMenuLabel);
export const DropdownMenuSeparator = rows.DropdownMenuSeparator;
