import { api } from "@web/lib/api-client.ts";
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from "#shared/schemas/payments";

/** POST /api/create-payment-intent {packageId} -> {clientSecret}; the server prices the package. */
export function createPaymentIntent(body: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  return api.post<CreatePaymentIntentResponse>("/api/create-payment-intent", { packageId: body.packageId });
}
