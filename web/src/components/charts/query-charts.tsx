import type { UseQueryResult } from "@tanstack/react-query";
import { ListError, ListPlaceholders } from "@web/components/list-states.tsx";
import { useMemo } from "react";
import { BarChart, type BarChartProps } from "./bar-chart.tsx";

/**
 * A stats tab's body: the error with a retry, a placeholder per chart while it loads, then the charts
 * `charts` draws from the loaded data, two to a row on wide screens. `charts` should be defined once (at
 * module level): the charts are redrawn when it or the data changes.
 */
export function QueryCharts<T>({
  query,
  errorFallback,
  label,
  placeholders,
  charts,
}: {
  query: UseQueryResult<T>;
  errorFallback: string;
  /** The section's accessible name. */
  label: string;
  /** How many charts it draws, as placeholders while it loads. */
  placeholders: number;
  charts: (data: T) => BarChartProps[];
}) {
  const drawn = useMemo(() => (query.data === undefined ? null : charts(query.data)), [query.data, charts]);
  if (query.isError) {
    return <ListError error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />;
  }
  if (!drawn) return <ListPlaceholders count={placeholders} />;
  return (
    <section aria-label={label} className="grid gap-4 lg:grid-cols-2">
      {drawn.map((chart) => (
        <BarChart key={chart.title} {...chart} />
      ))}
    </section>
  );
}
