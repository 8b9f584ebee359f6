import { useDocumentTitle } from "@web/lib/document-title.ts";
import { cn } from "@web/lib/utils.ts";
import type { ReactNode } from "react";

/** The h1 and optional subtitle every page starts with; a plain-text title also names the document. */
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
  useDocumentTitle(typeof title === "string" ? title : undefined);
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

/** Standard page body width and padding. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("container-page py-8 sm:py-10", className)}>{children}</div>;
}
