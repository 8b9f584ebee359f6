import { useQuery } from "@tanstack/react-query";
import type { BarChartProps } from "@web/components/charts/bar-chart.tsx";
import { QueryCharts } from "@web/components/charts/query-charts.tsx";
import type { SellerDailyStats } from "#shared/schemas/stats";
import { sellerQueries } from "../api/queries.ts";

/** The charts, from the day (and hour) rows. */
const CHARTS = ({ days }: SellerDailyStats): BarChartProps[] => {
  const dates = days.map((d) => d.date);
  return [
    {
      title: "Sales per day",
      labels: dates,
      values: days.map((d) => Number(d.salesValue)),
      money: true,
    },
    {
      title: "Items shipped per day",
      labels: dates,
      values: days.map((d) => d.itemsShipped),
      color: "#059669",
    },
  ];
};

/** The seller's Sales tab: sales and items shipped per day, last 30 days. Loaded with the tab only. */
export function SalesTab() {
  return (
    <QueryCharts
      query={useQuery(sellerQueries.dailyStats())}
      errorFallback="Could not load your sales"
      label="Sales for the last 30 days"
      placeholders={2}
      charts={CHARTS}
    />
  );
}
