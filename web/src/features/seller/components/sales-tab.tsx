import { useQuery } from "@tanstack/react-query";
import { BarChart } from "@web/components/charts/bar-chart.tsx";
import { ListError, ListPlaceholders } from "@web/components/list-states.tsx";
import { useMemo } from "react";
import { sellerQueries } from "../api/queries.ts";

/** The seller's Sales tab: sales and items shipped per day, last 30 days. Loaded with the tab only. */
export function SalesTab() {
  const stats = useQuery(sellerQueries.dailyStats());
  const series = useMemo(() => {
    if (!stats.data) return null;
    const { days } = stats.data;
    return {
      dates: days.map((d) => d.date),
      sales: days.map((d) => Number(d.salesValue)),
      shipped: days.map((d) => d.itemsShipped),
    };
  }, [stats.data]);

  if (stats.isError) {
    return (
      <ListError error={stats.error} fallback="Could not load your sales" onRetry={() => stats.refetch()} />
    );
  }
  if (!series) return <ListPlaceholders count={2} />;
  return (
    <section aria-label="Sales for the last 30 days" className="grid gap-4 lg:grid-cols-2">
      <BarChart title="Sales per day" labels={series.dates} values={series.sales} money />
      <BarChart title="Items shipped per day" labels={series.dates} values={series.shipped} color="#059669" />
    </section>
  );
}
