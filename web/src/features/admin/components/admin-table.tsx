import type { ReactNode } from "react";

export interface AdminColumn {
  label: string;
  /** Added to the header cell's own classes: its alignment, the widths it hides at. */
  className?: string;
}

/** The admin's compact table: a muted header row over the rows, the last column the rows' unlabelled actions. */
export function AdminTable({
  testId,
  columns,
  children,
}: {
  testId: string;
  columns: AdminColumn[];
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-border bg-card" data-testid={testId}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={`px-3 py-3 font-semibold ${column.className ?? ""}`}>
                {column.label}
              </th>
            ))}
            <th className="px-3 py-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function AdminTableRow({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <tr className="border-b border-border last:border-0" data-testid={testId}>
      {children}
    </tr>
  );
}
