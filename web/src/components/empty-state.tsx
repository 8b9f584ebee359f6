import { IconBadge } from "@web/components/icon-badge.tsx";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * What a list shows when it has nothing: an icon, a title, a line of help and an optional action.
 * `headingLevel` keeps the outline in order: 2 right under a page's h1, 3 inside a titled card or tab.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 3,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-14 text-center">
      <IconBadge icon={icon} className="size-12 bg-muted text-muted-foreground" />
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action}
    </div>
  );
}
