/**
 * Every date and time the site shows, formatted in one place: days as "Jan 5, 2030", moments as
 * "Jan 5, 3:04 PM" (or with the year, when it may be far off), clock times of bids, and "5 minutes ago".
 * A missing or unreadable date reads `missing` ("Never" unless told otherwise).
 */
/**
 * Each formatter is made on its first use, not when this module loads: a page's first use of Intl
 * costs its main thread 50-100 ms (ICU's data), and the auction page loads this module for its bids'
 * times, which an auction without bids never shows.
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const day = lazy(() => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" }));
const moment = lazy(
  () =>
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }),
);
const momentWithYear = lazy(
  () => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }),
);
const clock = lazy(
  () => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", second: "2-digit" }),
);
const relative = lazy(() => new Intl.RelativeTimeFormat("en-US", { numeric: "auto" }));

function parse(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** "Jan 5, 2030". */
export function formatDate(iso: string | null | undefined, missing = "Never"): string {
  const ms = parse(iso);
  return ms === null ? missing : day().format(ms);
}

/** "Jan 5, 3:04 PM": recent moments (last seen, last bid). */
export function formatDateTime(iso: string | null | undefined, missing = "Never"): string {
  const ms = parse(iso);
  return ms === null ? missing : moment().format(ms);
}

/** "Jan 5, 2030, 3:04 PM": moments that may be months away (when a limit or a self-exclusion ends). */
export function formatDateTimeWithYear(iso: string | null | undefined, missing = "Never"): string {
  const ms = parse(iso);
  return ms === null ? missing : momentWithYear().format(ms);
}

/** "3:04:05 PM" in the viewer's own locale: when a bid was placed. */
export function formatClockTime(iso: string): string {
  const ms = parse(iso);
  return ms === null ? "" : clock().format(ms);
}

/** "5 minutes ago", "3 hours ago": for recent events. */
export function formatTimeAgo(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 60) return relative().format(seconds, "second");
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative().format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative().format(hours, "hour");
  return relative().format(Math.round(hours / 24), "day");
}
