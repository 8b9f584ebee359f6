import { cn } from "@web/lib/utils.ts";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors [&_svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "border-border text-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        success: "border-transparent bg-success text-success-foreground",
        warning: "border-amber-300 bg-amber-50 text-amber-800",
        muted: "border-transparent bg-muted text-muted-foreground",
        /** Metal badges (docs/product.md: gold, silver, other styles). */
        gold: "border-amber-300 bg-gradient-to-r from-amber-300 to-amber-500 text-amber-950",
        silver: "border-slate-300 bg-gradient-to-r from-slate-100 to-slate-300 text-slate-800",
        other: "border-slate-600 bg-slate-700 text-slate-50",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** The badge style for a metal type: gold and silver have their own, everything else is "other". */
export function metalBadgeVariant(metalType: string | null | undefined): "gold" | "silver" | "other" {
  const metal = (metalType ?? "").toLowerCase();
  if (metal === "gold") return "gold";
  if (metal === "silver") return "silver";
  return "other";
}

/** An uppercase metal badge: `<MetalBadge metalType={product.metalType} />`. */
export function MetalBadge({
  metalType,
  className,
  ...props
}: Omit<BadgeProps, "variant" | "children"> & { metalType: string | null | undefined }) {
  return (
    <Badge
      variant={metalBadgeVariant(metalType)}
      className={cn("uppercase tracking-wide", className)}
      data-metal={metalType ?? "other"}
      {...props}
    >
      {metalType || "other"}
    </Badge>
  );
}
