/**
 * Refusals as HTTP answers: every kind of functions/domain/errors.ts has one status, mapped here and
 * nowhere else; anything that is not a Refusal becomes a 500 (or a 503 for a transient AWS fault).
 */
import type { Refusal, RefusalKind } from "../domain/errors.ts";

export {
  badRequest,
  conflict,
  forbidden,
  notFound,
  paymentRequired,
  Refusal,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from "../domain/errors.ts";

export const STATUS_OF: Record<RefusalKind, number> = {
  "bad-request": 400,
  unauthorized: 401,
  "payment-required": 402,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "unsupported-media-type": 415,
  "too-many-requests": 429,
  unavailable: 503,
};

export function statusOf(error: Refusal): number {
  return STATUS_OF[error.kind];
}
