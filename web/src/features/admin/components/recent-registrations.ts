import { RECENT_REGISTRATIONS_HOURS, RECENT_REGISTRATIONS_SHOWN } from "#shared/constants";
import type { AdminUser } from "#shared/schemas/admin";

/** docs/product.md: users registered in the last 24 hours, newest first; 5 shown and how many more there are. */
export function recentRegistrations(users: readonly AdminUser[], now: number) {
  const since = now - RECENT_REGISTRATIONS_HOURS * 60 * 60 * 1000;
  const recent = users
    .filter((u) => Date.parse(u.createdAt) >= since)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return {
    shown: recent.slice(0, RECENT_REGISTRATIONS_SHOWN),
    more: Math.max(0, recent.length - RECENT_REGISTRATIONS_SHOWN),
  };
}
