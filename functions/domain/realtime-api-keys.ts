/**
 * When the Event API's public key is renewed. Pure:
 * the scheduled rotation (usecases/realtime/rotate-api-keys.ts) passes the API's keys, the key the
 * pages are served and since when, and the time.
 *
 * AppSync keys live 365 days at most. The newest key is renewed when it has RENEW_BEFORE_MS left, so
 * a failed run has weeks of retries; the pages are served the newest key that is still valid; a key
 * another one replaced is deleted once its successor has been served for GRACE_MS, longer than any
 * page keeps a `/api/config` answer before it connects, so no open page holds a deleted key when it
 * (re)connects within that day.
 */
export const DAY_MS = 86_400_000;
const RENEW_BEFORE_MS = 30 * DAY_MS;
const GRACE_MS = DAY_MS;
/** AppSync's longest key lifetime. */
const KEY_LIFETIME_MS = 365 * DAY_MS;

export interface RealtimeApiKey {
  id: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The key `/api/config` serves, when it was first served, and when it expires (epoch ms). */
export interface ServedRealtimeKey {
  id: string;
  since: number;
  expiresAt: number;
}

export interface RealtimeKeyPlan {
  /** Create a key expiring at this time (epoch ms) before anything else. */
  createExpiringAt?: number;
  /** The key to serve from now on; `since` is now when it changes. */
  serve?: ServedRealtimeKey;
  /** Keys to delete. */
  delete: string[];
}

/** The key a new one should expire at: AppSync wants whole hours, at most 365 days out. */
export function newKeyExpiry(now: number): number {
  const hour = 3_600_000;
  return Math.floor((now + KEY_LIFETIME_MS) / hour) * hour;
}

/** The valid key expiring last, if any. */
function newestValidKey(keys: readonly RealtimeApiKey[], now: number): RealtimeApiKey | undefined {
  return keys
    .filter((k) => k.expiresAt > now)
    .reduce<RealtimeApiKey | undefined>(
      (best, k) => (!best || k.expiresAt > best.expiresAt ? k : best),
      undefined,
    );
}

function needsNewKey(keys: readonly RealtimeApiKey[], now: number): boolean {
  const newest = newestValidKey(keys, now);
  return !newest || newest.expiresAt - now <= RENEW_BEFORE_MS;
}

/**
 * One run of the rotation. A key it asks to create is not in `keys` yet: the caller creates it, then
 * plans again with it (planRealtimeKeys is idempotent, so two runs at once do no harm beyond a spare key).
 */
export function planRealtimeKeys(
  keys: readonly RealtimeApiKey[],
  served: ServedRealtimeKey | undefined,
  now: number,
): RealtimeKeyPlan {
  const plan: RealtimeKeyPlan = { delete: [] };
  if (needsNewKey(keys, now)) plan.createExpiringAt = newKeyExpiry(now);
  const newest = newestValidKey(keys, now);
  if (!newest) return plan;
  const current =
    served?.id === newest.id ? served : { id: newest.id, since: now, expiresAt: newest.expiresAt };
  if (current !== served) plan.serve = current;
  if (now - current.since >= GRACE_MS) {
    plan.delete = keys.filter((k) => k.id !== current.id).map((k) => k.id);
  }
  return plan;
}
