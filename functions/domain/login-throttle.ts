/** Failed-login limits (DESIGN.md section 5): per account and per IP, in fixed windows. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_PER_ACCOUNT = 10;
export const MAX_FAILED_PER_IP = 50;

export function loginWindow(now: number): number {
  return Math.floor(now / LOGIN_WINDOW_MS);
}

export function windowExpiry(window: number): number {
  return Math.ceil(((window + 1) * LOGIN_WINDOW_MS) / 1000) + 60;
}

export function isLoginThrottled(failures: { account: number; ip: number }): boolean {
  return failures.account >= MAX_FAILED_PER_ACCOUNT || failures.ip >= MAX_FAILED_PER_IP;
}
