/**
 * The one read-and-retry loop: a try reads what it needs, decides and writes conditionally; when
 * another writer moved the data in between, it answers RETRY and the next try reads again. Each caller
 * keeps its own bounds: how many tries a lost race is worth, and how long to wait before the next.
 */

/** What a try answers when another writer got there first: read again and try once more. */
export const RETRY: unique symbol = Symbol("retry");

export interface RetryBounds {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the next try once `failed` tries lost (1, 2, ...); none when absent. */
  delayMs?: (failed: number) => number;
  /** A thrown error worth another try (a transaction conflict); any other error ends the loop at once. */
  retryOn?: (error: unknown) => boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (given its index, from 0) until it answers something other than RETRY, at most
 * `bounds.attempts` times; then answers `exhausted()` (which usually throws the caller's "busy"). An
 * error `retryOn` accepts is retried like RETRY, except on the last try, where it propagates.
 */
export async function retrying<T>(
  bounds: RetryBounds,
  attempt: (index: number) => Promise<T | typeof RETRY>,
  exhausted: () => T | Promise<T> = () => {
    throw new Error(`gave up after ${bounds.attempts} tries`);
  },
): Promise<T> {
  for (let index = 0; index < bounds.attempts; index++) {
    if (index > 0 && bounds.delayMs) await sleep(bounds.delayMs(index));
    try {
      const answer = await attempt(index);
      if (answer !== RETRY) return answer;
    } catch (error) {
      if (index + 1 >= bounds.attempts || !bounds.retryOn?.(error)) throw error;
    }
  }
  return exhausted();
}
