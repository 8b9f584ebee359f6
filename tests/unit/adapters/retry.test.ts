import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RETRY, retrying } from "../../../functions/adapters/retry.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Runs `retrying` to its end with fake timers, recording when each try started. */
async function run<T>(
  bounds: Parameters<typeof retrying<T>>[0],
  answers: (index: number) => T | typeof RETRY,
  exhausted?: () => T,
) {
  const startedAt: number[] = [];
  const done = retrying<T>(
    bounds,
    async (index) => {
      startedAt.push(Date.now());
      return answers(index);
    },
    exhausted,
  );
  const settled = done.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return {
    ...(await settled),
    tries: startedAt.length,
    waits: startedAt.slice(1).map((at, i) => at - startedAt[i]!),
  };
}

describe("retrying", () => {
  it("answers the first try that is not RETRY, without trying again", async () => {
    const result = await run({ attempts: 5 }, (index) => (index < 2 ? RETRY : `won at ${index}`));
    expect(result).toMatchObject({ value: "won at 2", tries: 3 });
  });

  it("tries exactly `attempts` times, then answers what `exhausted` decides", async () => {
    const result = await run(
      { attempts: 4 },
      () => RETRY,
      () => "busy",
    );
    expect(result).toMatchObject({ value: "busy", tries: 4 });
    const thrown = await run({ attempts: 2 }, () => RETRY);
    expect(thrown).toMatchObject({ error: expect.any(Error), tries: 2 });
  });

  it("waits the caller's delay before each retry (none before the first try)", async () => {
    const result = await run(
      { attempts: 4, delayMs: (failed) => failed * 100 },
      () => RETRY,
      () => "busy",
    );
    expect(result.waits).toEqual([100, 200, 300]);
  });

  it("retries without waiting when the caller gives no delay", async () => {
    const result = await run(
      { attempts: 3 },
      () => RETRY,
      () => "busy",
    );
    expect(result.waits).toEqual([0, 0]);
  });

  it("stops at once on an error it was not told to retry", async () => {
    const refusal = new Error("refused");
    const result = await run({ attempts: 5, retryOn: (error) => error !== refusal }, () => {
      throw refusal;
    });
    expect(result).toMatchObject({ error: refusal, tries: 1 });
  });

  it("retries an error `retryOn` accepts, and lets it through on the last try", async () => {
    const conflict = new Error("conflict");
    const thenWins = await run({ attempts: 3, retryOn: () => true }, (index) => {
      if (index < 2) throw conflict;
      return "written";
    });
    expect(thenWins).toMatchObject({ value: "written", tries: 3 });
    const always = await run({ attempts: 3, retryOn: () => true }, () => {
      throw conflict;
    });
    expect(always).toMatchObject({ error: conflict, tries: 3 });
  });
});
