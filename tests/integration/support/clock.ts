/**
 * The integration tests' clock. Handlers, usecases and the local stand-ins take the time from
 * Date.now() (the domain is given it as `now`), so a test that needs an auction over moves this clock
 * past its end instead of sleeping until the real one gets there: no wait, and no race between a loaded
 * machine's bids and a real end a second away. The clock only moves forward and keeps running at the
 * real rate in between; the file's last hook gives Date.now back.
 */
import { afterAll } from "vitest";

const realNow = Date.now;
let ahead = 0;

afterAll(() => {
  Date.now = realNow;
  ahead = 0;
});

/** Moves the clock `ms` ahead. */
export function moveClock(ms: number): void {
  if (!(ms > 0)) return;
  if (ahead === 0) Date.now = () => realNow.call(Date) + ahead;
  ahead += ms;
}

/** Moves the clock until `atMs` (ms epoch) has passed by `marginMs`; no move when it already has. */
export function moveClockPast(atMs: number, marginMs = 30): void {
  moveClock(atMs + marginMs - Date.now());
}
