import { useQuery } from "@tanstack/react-query";
import type { BarChartProps } from "@web/components/charts/bar-chart.tsx";
import { QueryCharts } from "@web/components/charts/query-charts.tsx";
import type { AdminDailyStats } from "#shared/schemas/stats";
import { adminQueries } from "../api/queries.ts";

/** The charts, from the day (and hour) rows. */
const CHARTS = ({ days, hours }: AdminDailyStats): BarChartProps[] => {
  const dates = days.map((d) => d.date);
  return [
    {
      title: "Bid-package revenue per day",
      labels: dates,
      values: days.map((d) => Number(d.bidPackageRevenue)),
      money: true,
    },
    {
      title: "Bids per hour (last 48 hours)",
      labels: hours.map((h) => h.hour),
      values: hours.map((h) => h.bids),
      color: "#2563eb",
    },
    {
      title: "Active bidders per day",
      labels: dates,
      values: days.map((d) => d.activeBidders),
      color: "#059669",
    },
    {
      title: "Auctions won per day",
      labels: dates,
      values: days.map((d) => d.auctionsWon),
      color: "#7c3aed",
    },
  ];
};

/** The Stats tab: the last 30 days, and bids in the last 48 hours. Loaded with the tab only. */
export function StatsTab() {
  return (
    <QueryCharts
      query={useQuery(adminQueries.dailyStats())}
      errorFallback="Could not load the stats"
      label="Stats for the last 30 days"
      placeholders={4}
      charts={CHARTS}
    />
  );
}
