import { MetalBadge } from "@web/components/ui/badge.tsx";
import type { ReactNode } from "react";
import type { MetalType } from "#shared/constants";

/** A product card's first line: its name as a heading (`Heading`, styled by `className`), its metal's badge, then `children`. */
export function ProductNameLine({
  product,
  heading: Heading = "h3",
  className,
  children,
}: {
  product: { name: string; metalType: MetalType };
  heading?: "h2" | "h3";
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Heading className={className}>{product.name}</Heading>
      <MetalBadge metalType={product.metalType} />
      {children}
    </div>
  );
}
