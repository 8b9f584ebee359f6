const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

/** "Jan 5, 2030": the one way order and win dates are shown. */
export function formatDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? dateFormat.format(ms) : "";
}
