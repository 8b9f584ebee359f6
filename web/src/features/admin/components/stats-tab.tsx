import { useQuery } from "@tanstack/react-query";
import { BarChart } from "@web/components/charts/bar-chart.tsx";
import { ListError, ListPlaceholders } from "@web/components/list-states.tsx";
import { useMemo } from "react";
import { adminQueries } from "../api/queries.ts";

/** The Stats tab: the last 30 days, and bids in the last 48 hours. Loaded with the tab only. */
export function StatsTab() {
  const stats = useQuery(adminQueries.dailyStats());
  const series = useMemo(() => {
    if (!stats.data) return null;
    const { days, hours } = stats.data;
    return {
      dates: days.map((d) => d.date),
      revenue: days.map((d) => Number(d.bidPackageRevenue)),
      activeBidders: days.map((d) => d.activeBidders),
      auctionsWon: days.map((d) => d.auctionsWon),
      hours: hours.map((h) => h.hour),
      bidsPerHour: hours.map((h) => h.bids),
    };
  }, [stats.data]);

  if (stats.isError) {
    return (
      <ListError error={stats.error} fallback="Could not load the stats" onRetry={() => stats.refetch()} />
    );
  }
  if (!series) return <ListPlaceholders count={4} />;
  return (
    <section aria-label="Stats for the last 30 days" className="grid gap-4 lg:grid-cols-2">
      <BarChart title="Bid-package revenue per day" labels={series.dates} values={series.revenue} money />
      <BarChart
        title="Bids per hour (last 48 hours)"
        labels={series.hours}
        values={series.bidsPerHour}
        color="#2563eb"
      />
      <BarChart
        title="Active bidders per day"
        labels={series.dates}
        values={series.activeBidders}
        color="#059669"
      />
      <BarChart
        title="Auctions won per day"
        labels={series.dates}
        values={series.auctionsWon}
        color="#7c3aed"
      />
    </section>
  );
}
