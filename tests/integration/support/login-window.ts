import { LOGIN_WINDOW_MS } from "../../../functions/domain/login-throttle.ts";
import { moveClock } from "./clock.ts";

/**
 * The login and registration limits count in fixed 15-minute windows: a test that counts attempts
 * must not straddle two, so near a window's end it moves the clock into the next one.
 */
export async function clearOfLoginWindowEdge(margin = 30_000): Promise<void> {
  const left = LOGIN_WINDOW_MS - (Date.now() % LOGIN_WINDOW_MS);
  if (left < margin) moveClock(left + 50);
}
