import { COUNTDOWN_URGENT_SECONDS, COUNTDOWN_WARNING_SECONDS } from "./constants.ts";

/**
 * Countdown formatting of docs/product.md section 4. Pure: the caller passes the milliseconds left, computed
 * from the server's clock (see `serverClockOffset`), never the device clock alone.
 */

export type CountdownUrgency = "ended" | "urgent" | "warning" | "normal";

export const ENDED_LABEL = "Ended";

/**
 * Whole seconds shown while time remains. Rounded up so the display never reads "0s" while the
 * server still accepts bids; it reads "Ended" only when no time is left at all.
 */
function displaySeconds(msLeft: number): number {
  return Math.ceil(msLeft / 1000);
}

function parts(msLeft: number) {
  const total = displaySeconds(msLeft);
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60, total };
}

/** Auction card: "Xh Ym" (an hour or more), "Xm Ys" (a minute or more), else "Ys"; "Ended" at or below 0. */
export function formatCardCountdown(msLeft: number): string {
  if (msLeft <= 0) return ENDED_LABEL;
  const { h, m, s, total } = parts(msLeft);
  if (total >= 3600) return `${h}h ${m}m`;
  if (total >= 60) return `${m}m ${s}s`;
  return `${s}s`;
}

/** Detail page: "Xh Ym Zs", "Ym Zs" or "Zs"; "Ended" at or below 0. */
export function formatDetailCountdown(msLeft: number): string {
  if (msLeft <= 0) return ENDED_LABEL;
  const { h, m, s, total } = parts(msLeft);
  if (total >= 3600) return `${h}h ${m}m ${s}s`;
  if (total >= 60) return `${m}m ${s}s`;
  return `${s}s`;
}

/** Colour of the countdown: under 60 s urgent (red, the card pulses), under 5 minutes warning. */
export function countdownUrgency(msLeft: number): CountdownUrgency {
  if (msLeft <= 0) return "ended";
  if (msLeft < COUNTDOWN_URGENT_SECONDS * 1000) return "urgent";
  if (msLeft < COUNTDOWN_WARNING_SECONDS * 1000) return "warning";
  return "normal";
}

/**
 * How far the server's clock is ahead of this device's (ms): the server time a response carried minus
 * the device time it arrived at. Server now ≈ device now + offset.
 */
export function serverClockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left until `endsAt` (ISO), judged by the server's clock. */
export function msUntil(endsAt: string, deviceNow: number, offset: number): number {
  const end = Date.parse(endsAt);
  return Number.isFinite(end) ? end - (deviceNow + offset) : 0;
}
