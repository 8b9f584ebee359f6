import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  newKeyExpiry,
  planRealtimeKeys,
  type RealtimeApiKey,
} from "../../../functions/domain/realtime-api-keys.ts";

const now = Date.UTC(2027, 0, 15, 10, 30);
const key = (id: string, daysLeft: number): RealtimeApiKey => ({ id, expiresAt: now + daysLeft * DAY_MS });
/** A key `/api/config` has served since `since`. */
const served = (k: RealtimeApiKey, since: number) => ({ ...k, since });

describe("planRealtimeKeys", () => {
  it("keeps a key with more than 30 days left and serves it", () => {
    const plan = planRealtimeKeys([key("a", 31)], served(key("a", 31), now - 100 * DAY_MS), now);
    expect(plan).toEqual({ delete: [] });
  });

  it("creates the next key when the newest expires within 30 days, keeping the old one served", () => {
    const plan = planRealtimeKeys([key("a", 30)], served(key("a", 30), now - 300 * DAY_MS), now);
    expect(plan.createExpiringAt).toBe(newKeyExpiry(now));
    expect(plan.serve).toBeUndefined();
    expect(plan.delete).toEqual([]);
  });

  it("serves the newest valid key as soon as it exists, deleting nothing that day", () => {
    const plan = planRealtimeKeys(
      [key("a", 30), key("b", 365)],
      served(key("a", 30), now - 300 * DAY_MS),
      now,
    );
    expect(plan.createExpiringAt).toBeUndefined();
    expect(plan.serve).toEqual({ id: "b", since: now, expiresAt: key("b", 365).expiresAt });
    expect(plan.delete).toEqual([]);
  });

  it("deletes the superseded key one day after its successor was first served, not before", () => {
    const keys = [key("a", 29), key("b", 364)];
    const almost = planRealtimeKeys(keys, served(keys[1]!, now - DAY_MS + 1), now);
    expect(almost.delete).toEqual([]);
    const day = planRealtimeKeys(keys, served(keys[1]!, now - DAY_MS), now);
    expect(day).toEqual({ delete: ["a"] });
  });

  it("with no valid key, creates one and serves nothing until it exists", () => {
    expect(planRealtimeKeys([key("a", -1)], served(key("a", -1), now - 400 * DAY_MS), now)).toEqual({
      createExpiringAt: newKeyExpiry(now),
      delete: [],
    });
  });

  it("with nothing served yet (a fresh stage), serves the deploy-time key", () => {
    expect(planRealtimeKeys([key("a", 365)], undefined, now).serve).toEqual({
      id: "a",
      since: now,
      expiresAt: key("a", 365).expiresAt,
    });
  });
});

describe("newKeyExpiry", () => {
  it("is a whole hour, within AppSync's 365 days", () => {
    const at = newKeyExpiry(now);
    expect(at % 3_600_000).toBe(0);
    expect(at).toBeLessThanOrEqual(now + 365 * DAY_MS);
    expect(at).toBeGreaterThan(now + 364 * DAY_MS);
  });
});
