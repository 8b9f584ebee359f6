import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What a list shows when it has nothing: an icon, a title, a line of help and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action}
    </div>
  );
}

/** A failed list read: the server's message and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-red-50 px-6 py-10 text-center text-sm text-red-900"
    >
      <p>{message}</p>
      <button type="button" className="font-semibold underline underline-offset-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
