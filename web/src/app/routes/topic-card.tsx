import { Card, CardContent } from "@web/components/ui/card.tsx";
import { cn } from "@web/lib/utils.ts";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A card of the explanatory pages (How It Works, Fair play): an icon before its h2, then the text. */
export function TopicCard({
  icon: Icon,
  title,
  headingId,
  id,
  className,
  gap = "gap-3",
  children,
}: {
  icon: LucideIcon;
  title: string;
  headingId?: string;
  id?: string;
  className?: string;
  gap?: "gap-3" | "gap-4";
  children: ReactNode;
}) {
  return (
    <Card className={className} id={id}>
      <CardContent className={cn("grid pt-6", gap)}>
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}
