import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  type RealtimeApiKey,
  type ServedRealtimeKey,
} from "../../../functions/domain/realtime-api-keys.ts";
import { rotateRealtimeApiKeys } from "../../../functions/usecases/realtime/rotate-api-keys.ts";

/** An Event API's keys and the table's served key, in memory; the clock is moved by the test. */
function stand() {
  const keys: RealtimeApiKey[] = [];
  let served: ServedRealtimeKey | undefined;
  let next = 0;
  const admin = {
    list: async () => keys.map((k) => ({ ...k })),
    create: async (expiresAt: number) => {
      const key = { id: `da2-${++next}`, expiresAt };
      keys.push(key);
      return key;
    },
    delete: async (id: string) => {
      keys.splice(
        keys.findIndex((k) => k.id === id),
        1,
      );
    },
  };
  const store = {
    served: async () => served,
    serve: async (key: ServedRealtimeKey) => {
      served = key;
    },
  };
  return { keys, admin, store, served: () => served };
}

describe("rotateRealtimeApiKeys", () => {
  it("runs every 6 hours for two years: always one valid key served, the old one gone a day after the new one", async () => {
    const { keys, admin, store, served } = stand();
    const start = Date.UTC(2027, 0, 1);
    keys.push({ id: "da2-deploy", expiresAt: start + 365 * DAY_MS });
    const servedIds = new Set<string>();
    for (let now = start; now < start + 730 * DAY_MS; now += 6 * 3_600_000) {
      await rotateRealtimeApiKeys(admin, store, now);
      const current = served()!;
      expect(keys.find((k) => k.id === current.id)!.expiresAt - now).toBeGreaterThan(29 * DAY_MS);
      servedIds.add(current.id);
      // At most the served key and its predecessor, the predecessor never for more than a day.
      expect(keys.length).toBeLessThanOrEqual(2);
      if (keys.length === 2) expect(now - current.since).toBeLessThan(DAY_MS);
    }
    expect([...servedIds]).toEqual(["da2-deploy", "da2-1", "da2-2"]);
  });

  it("does nothing to a key with more than 30 days left", async () => {
    const { keys, admin, store } = stand();
    const now = Date.UTC(2027, 0, 1);
    keys.push({ id: "da2-deploy", expiresAt: now + 200 * DAY_MS });
    await rotateRealtimeApiKeys(admin, store, now);
    expect(await rotateRealtimeApiKeys(admin, store, now + DAY_MS)).toEqual({ deleted: [] });
  });
});
