import { useEffect, useRef } from "react";
import uPlot from "uplot";
import { money, moneyAxis } from "./money-format.ts";
import "uplot/dist/uPlot.min.css";

export interface BarChartProps {
  title: string;
  /** The x axis: one label per bar ("2026-11-25", "2026-11-25T14"), oldest first. */
  labels: string[];
  values: number[];
  /** How a value reads in the summary (money, counts), and on the axis unless `axisFormat` is given. */
  format?: (value: number) => string;
  /** Dollars: "$1,500.00" in the summary, "$1.5K" on the axis (instead of `format`). */
  money?: boolean;
  color?: string;
  height?: number;
}

/** Counts: whole numbers only on the axis (no "0.25 bids"). */
const plain = (value: number) => (Number.isInteger(value) ? String(value) : "");

/**
 * One series of bars, drawn by uPlot (a ~50 KB canvas chart library, loaded only with the Stats views).
 * The canvas is not read by screen readers, so the figure's label says the period's total and peak.
 */
export function BarChart({
  title,
  labels,
  values,
  format: given = plain,
  money: isMoney = false,
  color = "#b45309",
  height = 200,
}: BarChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const format = isMoney ? money : given;
  const axisFormat = isMoney ? moneyAxis : given;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height,
      legend: { show: false },
      cursor: { y: false },
      // Half a bar of room at each end, so the first and last bars are whole.
      scales: {
        x: { time: false, range: () => [-0.5, labels.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
      },
      axes: [
        {
          values: (_u, splits) => splits.map((i) => shortLabel(labels[Math.round(i)] ?? "")),
          space: 60,
        },
        {
          values: (_u, splits) => splits.map(axisFormat),
          // As wide as the longest label (uPlot's fixed 50 px cut "$1,000.00" to ",000.00").
          size: (_u, shown) => axisWidth(shown ?? []),
        },
      ],
      series: [
        {},
        {
          label: title,
          stroke: color,
          fill: `${color}99`,
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
          points: { show: false },
        },
      ],
    };
    const plot = new uPlot(options, [xs, values], element);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 240), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, values, axisFormat, color, height, title]);

  const total = values.reduce((sum, v) => sum + v, 0);
  const peak = values.length ? Math.max(...values) : 0;
  const summary = `${title}: total ${format(total)}, highest ${format(peak)}`;
  return (
    <figure
      className="grid gap-2 rounded-lg border bg-card p-4"
      data-testid="stats-chart"
      aria-label={summary}
    >
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{title}</span>
        <span className="text-sm text-muted-foreground" data-testid="stats-chart-total">
          Total {format(total)}
        </span>
      </figcaption>
      <div ref={container} className="w-full overflow-hidden" aria-hidden="true" />
    </figure>
  );
}

/** uPlot's axis font is 12 px: about 7.5 px a character, plus the ticks and a gap. */
function axisWidth(labels: readonly string[]): number {
  const longest = labels.reduce((most, label) => Math.max(most, String(label ?? "").length), 1);
  return Math.ceil(longest * 7.5) + 24;
}

/** "2026-11-25" -> "11-25", "2026-11-25T14" -> "14:00". */
function shortLabel(label: string): string {
  const hour = /T(\d{2})$/.exec(label);
  return hour ? `${hour[1]}:00` : label.slice(5);
}
