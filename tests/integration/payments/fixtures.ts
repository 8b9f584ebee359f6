/**
 * Builders for the payment tests: signed-in buyers (through the real session store), the seeded
 * packages, intents created through the real route, and Stripe-signed webhooks made by the `stripe`
 * SDK with the local webhook secret (exactly what the local provider sends).
 */
import { paginateScan } from "@aws-sdk/lib-dynamodb";
import { beforeAll } from "vitest";
import { TEST_CARDS } from "#shared/payments";
import type { CreatePaymentIntentResponse, VerifyPaymentResponse } from "#shared/schemas/payments";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { getBidPackage, putBidPackage } from "../../../functions/adapters/dynamo/packages-repo.ts";
import { createSession } from "../../../functions/adapters/dynamo/sessions-repo.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { localPaymentGateway, localWebhookSecret } from "../../../functions/adapters/payments/index.ts";
import { signWebhook, succeededEvent } from "../../../functions/adapters/payments/local-gateway.ts";
import { bidPackageMetadata, type PaymentIntentView } from "../../../functions/domain/payments.ts";
import { type ApiRequest, invokeRoute, type RouteResponse } from "../../../scripts/local/invoke-route.ts";
import { seedBidPackages } from "../../../scripts/seed/bid-packages.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { readItem } from "../support/raw-table.ts";

/** A fresh table for this test file with the bid packages seeded in it: what every payment test starts from. */
export function useTableWithPackages(prefix: string) {
  const table = useFreshTable(prefix);
  beforeAll(async () => {
    await seedBidPackages();
  });
  return table;
}

/** A bid package written straight to the table: active, not popular, created now. */
export const storeBidPackage = (pkg: {
  id: string;
  name: string;
  bidCount: number;
  priceCents: number;
  savings: number;
}) => putBidPackage({ ...pkg, popular: false, createdAt: new Date().toISOString() });

export interface Buyer {
  id: string;
  cookie: string;
  call<T = unknown>(request: Omit<ApiRequest, "cookies">): Promise<RouteResponse<T>>;
  balance(): Promise<number>;
}

let counter = 0;

export async function signUpBuyer(bidBalance = 0): Promise<Buyer> {
  counter += 1;
  const username = `payer${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: "not-used-by-these-tests",
    role: "buyer",
    now: Date.now(),
    bidBalance,
  });
  const { token } = await createSession(user, Date.now());
  const cookie = `sid=${token}`;
  const call = <T>(request: Omit<ApiRequest, "cookies">) => invokeRoute<T>({ ...request, cookies: [cookie] });
  return {
    id: user.id,
    cookie,
    call,
    balance: async () => {
      const me = await call<{ bidBalance: number }>({ method: "GET", path: "/api/auth/me" });
      if (me.status !== 200) throw new Error(`GET /api/auth/me answered ${me.status}`);
      return me.body.bidBalance;
    },
  };
}

export async function createIntent(buyer: Buyer, body: Record<string, unknown>) {
  return buyer.call<CreatePaymentIntentResponse & { message?: string }>({
    method: "POST",
    path: "/api/create-payment-intent",
    body,
  });
}

/**
 * A bid-package payment the provider has taken and whose webhook has not arrived yet, made at the
 * provider directly (as Stripe holds intents its Stripe.js confirmed), so several can be paid at once.
 */
export async function paidAtProvider(
  buyer: Pick<Buyer, "id">,
  packageId: string,
): Promise<PaymentIntentView> {
  const bidPackage = await getBidPackage(packageId);
  if (!bidPackage) throw new Error(`no package ${packageId}`);
  const gateway = localPaymentGateway();
  const { id } = await gateway.createPaymentIntent({
    amountCents: bidPackage.priceCents,
    currency: "usd",
    metadata: bidPackageMetadata({ userId: buyer.id, packageId, bidCount: bidPackage.bidCount }),
  });
  if (!(await markLocalPaymentIntentSucceeded(id))) throw new Error(`could not pay ${id}`);
  return (await gateway.retrievePaymentIntent(id))!;
}

export function verify(buyer: Buyer, paymentIntentId: string) {
  return buyer.call<VerifyPaymentResponse & { message?: string }>({
    method: "POST",
    path: `/api/payments/${paymentIntentId}/verify`,
  });
}

/** The local provider's card form, submitted by `buyer` (only the intent's owner may confirm it). */
export function confirmCard(
  buyer: Pick<Buyer, "call">,
  paymentIntentId: string,
  cardNumber: string = TEST_CARDS.succeeds,
) {
  return buyer.call<{ status?: string; message?: string; code?: string }>({
    method: "POST",
    path: `/api/dev/payments/${paymentIntentId}/confirm`,
    body: { cardNumber },
  });
}

/** A payment_intent.succeeded webhook, signed by the Stripe SDK with `secret` (default: the local one). */
export function signedSucceededWebhook(intent: PaymentIntentView, secret = localWebhookSecret()) {
  const now = Date.now();
  return signWebhook(succeededEvent(intent, now), secret, now);
}

export function deliverWebhook(webhook: { payload: string; signatureHeader?: string }) {
  return invokeRoute<{ received?: boolean; message?: string }>({
    method: "POST",
    path: "/api/stripe/webhook",
    body: webhook.payload,
    headers: webhook.signatureHeader ? { "stripe-signature": webhook.signatureHeader } : {},
  });
}

export const purchaseItem = (paymentIntentId: string) => readItem(keys.purchase(paymentIntentId));

/** Intents the local provider holds in this file's table (a test-only scan of a tiny table). */
export async function countLocalIntents(): Promise<number> {
  let count = 0;
  const pages = paginateScan(
    { client: db },
    {
      TableName: tableName(),
      FilterExpression: "begins_with(pk, :prefix)",
      ExpressionAttributeValues: { ":prefix": "LOCALPI#" },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}
