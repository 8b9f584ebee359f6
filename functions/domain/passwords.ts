import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from "node:crypto";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * OWASP's password storage cheat sheet lists scrypt N=2^17,r=8,p=1 and its equal-cost variants; this
 * is N=2^14,r=8,p=5: the same work (about 180 ms here) in 16 MiB instead of 128 MiB of memory.
 */
export const PASSWORD_PARAMS: PasswordParams = { N: 16384, r: 8, p: 5, keylen: 32 };
/**
 * For the test suites only (functions/config/runtime.ts allows it on the local stack alone): about 1%
 * of the real work. Without it, hashing at 180 ms a time was most of the integration and browser
 * tests' CPU (125 s against 32 s for three auth files).
 */
export const LOW_COST_PASSWORD_PARAMS: PasswordParams = { N: 1024, r: 8, p: 1, keylen: 32 };

export interface PasswordParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly keylen: number;
}
/** Node refuses scrypt above 32 MiB unless told; an old hash with larger parameters must still verify. */
const MAXMEM = 256 * 1024 * 1024;

/** "scrypt$N$r$p$salt$hash", salt and hash base64: parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, params = PASSWORD_PARAMS): Promise<string> {
  const { N, r, p, keylen } = params;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keylen, { N, r, p, maxmem: MAXMEM });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with weaker parameters than today's: rehash it at the next login. */
export function needsRehash(stored: string, params = PASSWORD_PARAMS): boolean {
  const [scheme, n, r, p] = stored.split("$");
  const { N, r: R, p: P } = params;
  return scheme !== "scrypt" || Number(n) * Number(r) * Number(p) < N * R * P;
}

/** A real hash of nothing, so a login for an unknown account costs the same time as a wrong password. */
const decoys = new Map<PasswordParams, Promise<string>>();
export function decoyHash(params = PASSWORD_PARAMS): Promise<string> {
  let decoy = decoys.get(params);
  if (!decoy) {
    decoy = hashPassword(randomBytes(12).toString("hex"), params);
    decoys.set(params, decoy);
  }
  return decoy;
}
