import { timingSafeEqual } from "node:crypto";
import { type OriginSecretSource, secretsManagerSource } from "../adapters/secrets/origin-secret-source.ts";
import { lowerCaseHeaders } from "./csrf.ts";

/**
 * Only CloudFront reaches the APIs: CloudFront adds this header with a secret generated at deploy, and
 * every HTTP route and the socket's $connect refuse a request without it. Deployed, the functions read
 * the secret from Secrets Manager at run time (ORIGIN_SECRET_ID), keep it in the container, and accept
 * the current and the previous value, so a rotation never refuses a request (docs/deploy.md). The
 * local stack sets the value itself (ORIGIN_SECRET; its Vite proxy plays CloudFront). With neither,
 * nothing is checked.
 */
export const ORIGIN_HEADER = "x-origin-verify";

type Headers = Record<string, string | undefined> | undefined;

/** How long values read from the source are used before being read again. */
export const ORIGIN_SECRET_CACHE_MS = 5 * 60_000;
/**
 * A value the container does not know makes it read the source again (CloudFront may already send
 * a newer value), but at most this often: a stranger's guesses must not each cost a read. The
 * rotation (scripts/rotate-origin-secret.ts) waits longer than this between storing a new value and
 * letting CloudFront send it.
 */
export const ORIGIN_SECRET_MISS_REFRESH_MS = 10_000;

export interface OriginLock {
  /** Whether the headers carry an accepted value, reading the source when needed. */
  verify(headers: Headers): Promise<boolean>;
  /** The same check against the values already read (after `verify`), for code that cannot wait. */
  matches(headers: Headers): boolean;
  /** The value to send, as CloudFront would (the current one). */
  current(): Promise<string>;
}

/** A lock over any source of accepted values; `now` is the clock (tests move it). */
export function createOriginLock(source: OriginSecretSource, now: () => number = Date.now): OriginLock {
  let values: string[] = [];
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<string[]> | undefined;

  const read = (): Promise<string[]> => {
    pending ??= source
      .read()
      .then((fresh) => {
        values = fresh;
        readAt = now();
        return fresh;
      })
      .catch((error) => {
        // Keep serving the values already known, and try again a miss-refresh later rather than on
        // every request; with none, the request cannot be checked at all.
        if (values.length === 0) throw error;
        readAt = now() - ORIGIN_SECRET_CACHE_MS + ORIGIN_SECRET_MISS_REFRESH_MS;
        return values;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  const matches = (headers: Headers) => {
    const sent = lowerCaseHeaders(headers)[ORIGIN_HEADER];
    return Boolean(sent) && values.some((value) => sameSecret(sent!, value));
  };

  return {
    async verify(headers) {
      const age = now() - readAt;
      if (age >= ORIGIN_SECRET_CACHE_MS) await read();
      if (matches(headers)) return true;
      if (now() - readAt < ORIGIN_SECRET_MISS_REFRESH_MS) return false;
      await read();
      return matches(headers);
    },
    matches,
    async current() {
      if (now() - readAt >= ORIGIN_SECRET_CACHE_MS) await read();
      return values[0]!;
    },
  };
}

function sameSecret(sent: string, secret: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

const locks = new Map<string, OriginLock>();

/** The lock this container runs with, from its environment (read per call: tests change it). */
function configuredLock(): OriginLock | undefined {
  const value = process.env.ORIGIN_SECRET;
  if (value) return fixedLock(value);
  const secretId = process.env.ORIGIN_SECRET_ID;
  if (!secretId) return undefined;
  let lock = locks.get(secretId);
  if (!lock) {
    lock = createOriginLock(secretsManagerSource(secretId));
    locks.set(secretId, lock);
  }
  return lock;
}

function fixedLock(value: string): OriginLock {
  const matches = (headers: Headers) => {
    const sent = lowerCaseHeaders(headers)[ORIGIN_HEADER];
    return Boolean(sent) && sameSecret(sent!, value);
  };
  return { verify: async (headers) => matches(headers), matches, current: async () => value };
}

/**
 * True when the request came through CloudFront (or no lock is configured). Every HTTP route and
 * $connect await it before anything else.
 */
export async function verifyCameThroughCloudFront(headers: Headers): Promise<boolean> {
  const lock = configuredLock();
  return lock ? lock.verify(headers) : true;
}

/**
 * The same answer for a request already verified, without waiting: only then are the headers
 * CloudFront sets (the viewer's address) believed.
 */
export function cameThroughCloudFront(headers: Headers): boolean {
  const lock = configuredLock();
  return lock ? lock.matches(headers) : true;
}

/** The value CloudFront sends, for code that plays CloudFront (the local payment provider's webhook). */
export async function currentOriginSecret(): Promise<string | undefined> {
  return configuredLock()?.current();
}
