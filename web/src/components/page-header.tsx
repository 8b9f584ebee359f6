import { cn } from "@web/lib/utils.ts";
import { Hourglass } from "lucide-react";
import type { ReactNode } from "react";

/** The h1 and optional subtitle every page starts with. */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** Placeholder body of a page whose feature is not built yet. */
export function ComingSoon({
  children = "Coming soon",
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-16 text-center text-muted-foreground",
        className,
      )}
    >
      <Hourglass className="size-8 text-primary" aria-hidden="true" />
      <p className="text-base font-medium">{children}</p>
    </div>
  );
}

/** Standard page body width and padding. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("container-page py-8 sm:py-10", className)}>{children}</div>;
}
