/**
 * Every date and time the site shows, formatted in one place: days as "Jan 5, 2030", moments as
 * "Jan 5, 3:04 PM" (or with the year, when it may be far off), clock times of bids, and "5 minutes ago".
 * A missing or unreadable date reads `missing` ("Never" unless told otherwise).
 */
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });
const moment = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const momentWithYear = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const clock = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", second: "2-digit" });
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

function parse(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** "Jan 5, 2030". */
export function formatDate(iso: string | null | undefined, missing = "Never"): string {
  const ms = parse(iso);
  return ms === null ? missing : day.format(ms);
}

/** "Jan 5, 3:04 PM": recent moments (last seen, last bid). */
export function formatDateTime(iso: string | null | undefined, missing = "Never"): string {
  const ms = parse(iso);
  return ms === null ? missing : moment.format(ms);
}

/** "Jan 5, 2030, 3:04 PM": moments that may be months away (when a limit or a self-exclusion ends). */
export function formatDateTimeWithYear(iso: string | null | undefined, missing = "Never"): string {
  const ms = parse(iso);
  return ms === null ? missing : momentWithYear.format(ms);
}

/** "3:04:05 PM" in the viewer's own locale: when a bid was placed. */
export function formatClockTime(iso: string): string {
  const ms = parse(iso);
  return ms === null ? "" : clock.format(ms);
}

/** "5 minutes ago", "3 hours ago": for recent events. */
export function formatTimeAgo(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 60) return relative.format(seconds, "second");
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, "hour");
  return relative.format(Math.round(hours / 24), "day");
}
