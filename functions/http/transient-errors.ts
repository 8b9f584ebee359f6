/**
 * AWS faults that pass by themselves — throttling, a transaction meeting another one, a timeout, a
 * server error — after the SDK's own retries are spent. The client should try again (503 with
 * Retry-After), which is true of none of the other unexpected errors (500).
 */
const TRANSIENT_NAMES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "TransactionConflictException",
  "TransactionInProgressException",
  "InternalServerError",
  "ServiceUnavailable",
  "TimeoutError",
  "RequestTimeout",
  "RequestTimeoutException",
]);

/** Cancellation reasons of a transaction that a retry can clear (None = an item that was fine). */
const TRANSIENT_CANCELLATIONS = new Set([
  "None",
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
]);

const NETWORK_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EAI_AGAIN"]);

interface AwsLikeError {
  name?: string;
  code?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: Array<{ Code?: string }>;
}

export function isTransientAwsError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as AwsLikeError;
  if (e.name && TRANSIENT_NAMES.has(e.name)) return true;
  if (e.name === "TransactionCanceledException") {
    const codes = (e.CancellationReasons ?? []).map((r) => r.Code ?? "None");
    return codes.some((c) => c !== "None") && codes.every((c) => TRANSIENT_CANCELLATIONS.has(c));
  }
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode ?? 0;
  return e.$fault === "server" && status >= 500 && status <= 504;
}
