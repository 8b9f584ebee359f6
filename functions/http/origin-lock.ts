import { timingSafeEqual } from "node:crypto";
import { lowerCaseHeaders } from "./csrf.ts";

/**
 * Only CloudFront reaches the APIs: CloudFront adds this header with a secret generated at deploy
 * (infra: Secrets Manager, resolved into the template by reference, never written in it), and every
 * HTTP route and the socket's $connect refuse a request without it. The local stack does the same
 * (its Vite proxy plays CloudFront). With no secret configured, nothing is checked.
 */
export const ORIGIN_HEADER = "x-origin-verify";

export function originSecret(): string | undefined {
  return process.env.ORIGIN_SECRET || undefined;
}

/**
 * True when the request came through CloudFront (or no lock is configured); only then are the headers
 * CloudFront sets (the viewer's address) believed.
 */
export function cameThroughCloudFront(headers: Record<string, string | undefined> | undefined): boolean {
  const secret = originSecret();
  if (!secret) return true;
  const sent = lowerCaseHeaders(headers)[ORIGIN_HEADER];
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
