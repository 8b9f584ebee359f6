/**
 * What went wrong, in the product's words: a refusal a use case or a repository raises, with the kind
 * of refusal it is. The HTTP layer maps each kind to its status once (functions/http/errors.ts); the
 * layers below never speak HTTP.
 */
export type RefusalKind =
  | "bad-request"
  | "unauthorized"
  | "payment-required"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "unsupported-media-type"
  | "too-many-requests"
  | "unavailable";

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "Refusal";
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new Refusal("bad-request", message, details);
export const unauthorized = (message = "Authentication required") => new Refusal("unauthorized", message);
export const paymentRequired = (message: string, details?: Record<string, unknown>) =>
  new Refusal("payment-required", message, details);
export const forbidden = (message = "You do not have permission to do this") =>
  new Refusal("forbidden", message);
export const notFound = (message = "Not found") => new Refusal("not-found", message);
export const conflict = (message: string) => new Refusal("conflict", message);
export const tooManyRequests = (message: string) => new Refusal("too-many-requests", message);
export const serviceUnavailable = (message = "The service is busy. Please try again.") =>
  new Refusal("unavailable", message);
