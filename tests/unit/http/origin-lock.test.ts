import { afterEach, describe, expect, it } from "vitest";
import type { OriginSecretSource } from "../../../functions/adapters/secrets/origin-secret-source.ts";
import {
  cameThroughCloudFront,
  createOriginLock,
  ORIGIN_HEADER,
  ORIGIN_SECRET_CACHE_MS,
  ORIGIN_SECRET_MISS_REFRESH_MS,
  verifyCameThroughCloudFront,
} from "../../../functions/http/origin-lock.ts";

/** Secrets Manager as the functions see it: AWSCURRENT first, then AWSPREVIOUS once rotated. */
function fakeSecret(first: string) {
  let stages = [first];
  let reads = 0;
  const source: OriginSecretSource = {
    async read() {
      reads++;
      return [...stages];
    },
  };
  return {
    source,
    rotate(next: string) {
      stages = [next, stages[0]!];
    },
    reads: () => reads,
  };
}

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const carrying = (value: string) => ({ [ORIGIN_HEADER]: value });

describe("the origin lock", () => {
  it("accepts the secret's value and refuses any other, or none", async () => {
    const secret = fakeSecret("v1");
    const lock = createOriginLock(secret.source, clock().now);
    expect(await lock.verify(carrying("v1"))).toBe(true);
    expect(await lock.verify(carrying("v2"))).toBe(false);
    expect(await lock.verify({})).toBe(false);
    expect(await lock.verify(undefined)).toBe(false);
  });

  it("reads the secret once per container and again only after the cache time", async () => {
    const secret = fakeSecret("v1");
    const time = clock();
    const lock = createOriginLock(secret.source, time.now);
    await Promise.all(Array.from({ length: 20 }, () => lock.verify(carrying("v1"))));
    expect(secret.reads()).toBe(1);
    time.advance(ORIGIN_SECRET_CACHE_MS - 1);
    await lock.verify(carrying("v1"));
    expect(secret.reads()).toBe(1);
    time.advance(1);
    await lock.verify(carrying("v1"));
    expect(secret.reads()).toBe(2);
  });

  it("refuses no request while the secret rotates: CloudFront's old value, the new one, edge by edge", async () => {
    const secret = fakeSecret("v1");
    const time = clock();
    // Containers that started at different moments of the rotation.
    const early = createOriginLock(secret.source, time.now);
    expect(await early.verify(carrying("v1"))).toBe(true);

    // Step 1 of the rotation: the new value becomes AWSCURRENT; CloudFront still sends v1.
    time.advance(5_000);
    secret.rotate("v2");
    const late = createOriginLock(secret.source, time.now);
    const refused: string[] = [];
    const request = async (lock: typeof early, value: string, who: string) => {
      if (!(await lock.verify(carrying(value)))) refused.push(`${who} ${value} at ${time.now()}`);
    };
    await request(early, "v1", "early");
    await request(late, "v1", "late");

    // Step 2, at least a miss-refresh later: CloudFront's edges switch one by one, sending v2 or v1.
    time.advance(ORIGIN_SECRET_MISS_REFRESH_MS);
    for (let second = 0; second < 600; second += 7) {
      const value = second % 2 === 0 ? "v2" : "v1";
      await request(early, value, "early");
      await request(late, value, "late");
      time.advance(7_000);
    }
    expect(refused).toEqual([]);

    // A stranger's guesses cost at most one read per miss-refresh interval.
    const readsBefore = secret.reads();
    for (let i = 0; i < 50; i++) await early.verify(carrying(`guess-${i}`));
    expect(secret.reads() - readsBefore).toBeLessThanOrEqual(1);
  });

  it("stops accepting a value two rotations old", async () => {
    const secret = fakeSecret("v1");
    const time = clock();
    const lock = createOriginLock(secret.source, time.now);
    secret.rotate("v2");
    secret.rotate("v3");
    expect(await lock.verify(carrying("v2"))).toBe(true);
    expect(await lock.verify(carrying("v1"))).toBe(false);
  });

  it("keeps the values it knows when a later read fails, and fails only with none", async () => {
    const time = clock();
    let failing = false;
    const lock = createOriginLock(
      {
        async read() {
          if (failing) throw new Error("Secrets Manager unavailable");
          return ["v1"];
        },
      },
      time.now,
    );
    expect(await lock.verify(carrying("v1"))).toBe(true);
    failing = true;
    time.advance(ORIGIN_SECRET_CACHE_MS);
    expect(await lock.verify(carrying("v1"))).toBe(true);
    const broken = createOriginLock(
      {
        async read() {
          throw new Error("Secrets Manager unavailable");
        },
      },
      time.now,
    );
    await expect(broken.verify(carrying("v1"))).rejects.toThrow(/unavailable/);
  });

  it("answers again without waiting for a request it has verified (the viewer address is believed only then)", async () => {
    const lock = createOriginLock(fakeSecret("v1").source, clock().now);
    expect(lock.matches(carrying("v1"))).toBe(false);
    await lock.verify(carrying("v1"));
    expect(lock.matches(carrying("v1"))).toBe(true);
  });

  describe("as configured by the environment", () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it("checks nothing with no secret (a bare local run), and the value itself with ORIGIN_SECRET (the local stack)", async () => {
      delete process.env.ORIGIN_SECRET;
      delete process.env.ORIGIN_SECRET_ID;
      expect(await verifyCameThroughCloudFront({})).toBe(true);
      process.env.ORIGIN_SECRET = "local-secret";
      expect(await verifyCameThroughCloudFront(carrying("local-secret"))).toBe(true);
      expect(await verifyCameThroughCloudFront(carrying("other"))).toBe(false);
      expect(cameThroughCloudFront({ "X-Origin-Verify": "local-secret" })).toBe(true);
    });
  });
});
