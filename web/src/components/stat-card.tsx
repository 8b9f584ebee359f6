import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import type { LucideIcon } from "lucide-react";

/** One figure of a dashboard's summary row. `value` undefined shows a placeholder while loading. */
export function StatCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: string | number | undefined;
  hint?: string;
  icon: LucideIcon;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 p-4 sm:p-5">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          {value === undefined ? (
            <Skeleton className="h-8 w-20" />
          ) : (
            <p className="truncate text-2xl font-bold tracking-tight" data-testid={`stat-${slug(title)}`}>
              {value}
            </p>
          )}
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        </div>
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-hover sm:flex">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </CardContent>
    </Card>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
