import { QueryList } from "@web/components/list-states.tsx";
import type { ComponentProps, ReactNode } from "react";

/**
 * A list read whole, its items in a grid (`className`): QueryList's placeholders, error and empty
 * state, otherwise what `children` makes of each item (keyed by `children`).
 */
export function QueryGrid<T>({
  className = "grid gap-4",
  children,
  ...list
}: Omit<ComponentProps<typeof QueryList<T>>, "children"> & {
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <QueryList {...list}>
      {(items) => <div className={className}>{items.map((item) => children(item))}</div>}
    </QueryList>
  );
}
