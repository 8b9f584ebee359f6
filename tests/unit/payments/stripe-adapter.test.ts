/**
 * The Stripe adapter against the real `stripe` SDK, with no network: webhooks are signed by the SDK's
 * own test helper, and API calls go to a fake `fetch` handed to the SDK's fetch HTTP client.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { signWebhook, succeededEvent } from "../../../functions/adapters/payments/local-gateway.ts";
import { WebhookSignatureError } from "../../../functions/adapters/payments/port.ts";
import { createStripeGateway } from "../../../functions/adapters/payments/stripe-gateway.ts";
import { bidPackageMetadata } from "../../../functions/domain/payments.ts";

const WEBHOOK_SECRET = "whsec_test_adapter_secret";
const metadata = bidPackageMetadata({ userId: "user-1", packageId: "popular", bidCount: 150 });

function stripeIntent(overrides: Record<string, unknown> = {}) {
  return {
    id: "pi_3TestIntent",
    object: "payment_intent",
    amount: 6000,
    currency: "usd",
    status: "succeeded",
    client_secret: "pi_3TestIntent_secret_abc123",
    metadata,
    ...overrides,
  };
}

function eventPayload(type = "payment_intent.succeeded", object: object = stripeIntent()) {
  return JSON.stringify({
    id: "evt_test_1",
    object: "event",
    type,
    data: { object },
    created: 1,
    livemode: false,
  });
}

interface RecordedRequest {
  url: string;
  method: string;
  body: string;
  headers: Record<string, string>;
}

/** A Stripe client whose HTTP goes to `respond` instead of api.stripe.com. */
function fakeStripe(respond: (req: RecordedRequest) => { status: number; json: unknown }) {
  const requests: RecordedRequest[] = [];
  const fetchFn = async (url: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const req = { url: String(url), method: init?.method ?? "GET", body: String(init?.body ?? ""), headers };
    requests.push(req);
    const { status, json } = respond(req);
    return new Response(JSON.stringify(json), {
      status,
      headers: { "content-type": "application/json", "request-id": "req_fake" },
    });
  };
  const stripe = new Stripe("sk_test_fake", {
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    maxNetworkRetries: 0,
  });
  return { stripe, requests };
}

const offlineGateway = () =>
  createStripeGateway({
    stripe: fakeStripe(() => {
      throw new Error("no network in this test");
    }).stripe,
    webhookSecret: WEBHOOK_SECRET,
  });

describe("Stripe adapter: webhook verification", () => {
  it("accepts an event signed with the webhook secret and reads its PaymentIntent", async () => {
    const payload = eventPayload();
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const event = await offlineGateway().verifyWebhook(payload, header);
    expect(event).toEqual({
      id: "evt_test_1",
      type: "payment_intent.succeeded",
      paymentIntent: {
        id: "pi_3TestIntent",
        status: "succeeded",
        amountCents: 6000,
        currency: "usd",
        metadata,
      },
    });
  });

  it("refuses a body changed after signing (the signature covers the raw bytes)", async () => {
    const payload = eventPayload();
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"bidCount":"150"', '"bidCount":"9999"');
    expect(tampered).not.toBe(payload);
    await expect(offlineGateway().verifyWebhook(tampered, header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    // Re-serialising the same JSON differently also breaks it: never verify a parsed-and-restringified body.
    const reformatted = JSON.stringify(JSON.parse(payload), null, 2);
    await expect(offlineGateway().verifyWebhook(reformatted, header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it("refuses a signature made with another secret", async () => {
    const payload = eventPayload();
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    await expect(offlineGateway().verifyWebhook(payload, header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it("refuses a missing or malformed Stripe-Signature header", async () => {
    const payload = eventPayload();
    await expect(offlineGateway().verifyWebhook(payload, undefined)).rejects.toThrow(
      /Missing Stripe-Signature/,
    );
    await expect(offlineGateway().verifyWebhook(payload, "")).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(offlineGateway().verifyWebhook(payload, "t=1,v1=deadbeef")).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it("refuses a replay of an old signature (outside Stripe's 5-minute tolerance)", async () => {
    const payload = eventPayload();
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    await expect(offlineGateway().verifyWebhook(payload, header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it("reports events that are not about a PaymentIntent without one", async () => {
    const payload = eventPayload("charge.succeeded", { id: "ch_1", object: "charge" });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await offlineGateway().verifyWebhook(payload, header)).toEqual({
      id: "evt_test_1",
      type: "charge.succeeded",
    });
  });
});

describe("local provider webhooks are Stripe webhooks", () => {
  const intent = {
    id: "pi_local_abc",
    status: "succeeded" as const,
    amountCents: 2500,
    currency: "usd",
    metadata,
  };

  it("are accepted by the Stripe verifier with the same secret", async () => {
    const now = Date.now();
    const webhook = signWebhook(succeededEvent(intent, now), WEBHOOK_SECRET, now);
    const event = await offlineGateway().verifyWebhook(webhook.payload, webhook.signatureHeader);
    expect(event.type).toBe("payment_intent.succeeded");
    expect(event.paymentIntent).toEqual(intent);
  });

  it("are refused under any other secret", async () => {
    const now = Date.now();
    const webhook = signWebhook(succeededEvent(intent, now), "whsec_local_other", now);
    await expect(
      offlineGateway().verifyWebhook(webhook.payload, webhook.signatureHeader),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe("Stripe adapter: API calls", () => {
  it("creates a PaymentIntent with exactly the amount, currency and metadata it is given", async () => {
    const { stripe, requests } = fakeStripe(() => ({
      status: 200,
      json: stripeIntent({ status: "requires_payment_method" }),
    }));
    const gateway = createStripeGateway({ stripe, webhookSecret: WEBHOOK_SECRET });
    const created = await gateway.createPaymentIntent({ amountCents: 6000, currency: "usd", metadata });
    expect(created).toEqual({ id: "pi_3TestIntent", clientSecret: "pi_3TestIntent_secret_abc123" });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.method).toBe("POST");
    expect(new URL(req!.url).pathname).toBe("/v1/payment_intents");
    expect(req!.headers.authorization).toBe("Bearer sk_test_fake");
    const form = new URLSearchParams(req!.body);
    expect(form.get("amount")).toBe("6000");
    expect(form.get("currency")).toBe("usd");
    expect(form.get("metadata[kind]")).toBe("bid_package");
    expect(form.get("metadata[userId]")).toBe("user-1");
    expect(form.get("metadata[packageId]")).toBe("popular");
    expect(form.get("metadata[bidCount]")).toBe("150");
  });

  it("retrieves a PaymentIntent as the port's view", async () => {
    const { stripe, requests } = fakeStripe(() => ({
      status: 200,
      json: stripeIntent({ status: "processing" }),
    }));
    const gateway = createStripeGateway({ stripe, webhookSecret: WEBHOOK_SECRET });
    expect(await gateway.retrievePaymentIntent("pi_3TestIntent")).toEqual({
      id: "pi_3TestIntent",
      status: "processing",
      amountCents: 6000,
      currency: "usd",
      metadata,
    });
    expect(new URL(requests[0]!.url).pathname).toBe("/v1/payment_intents/pi_3TestIntent");
  });

  it("answers null for an id Stripe does not know, and throws on other failures", async () => {
    const missing = fakeStripe(() => ({
      status: 404,
      json: {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
      },
    }));
    expect(
      await createStripeGateway({
        stripe: missing.stripe,
        webhookSecret: WEBHOOK_SECRET,
      }).retrievePaymentIntent("pi_nope"),
    ).toBeNull();

    const broken = fakeStripe(() => ({
      status: 500,
      json: { error: { type: "api_error", message: "boom" } },
    }));
    await expect(
      createStripeGateway({ stripe: broken.stripe, webhookSecret: WEBHOOK_SECRET }).retrievePaymentIntent(
        "pi_x",
      ),
    ).rejects.toThrow(/boom/);
  });
});

describe("Stripe adapter: one open payment, refunds", () => {
  const stripeError = (code: string, status = 400) => ({
    status,
    json: { error: { type: "invalid_request_error", code, message: code } },
  });

  it("hands out an open intent again with its client secret", async () => {
    const { stripe } = fakeStripe(() => ({ status: 200, json: stripeIntent({ status: "requires_action" }) }));
    const gateway = createStripeGateway({ stripe, webhookSecret: WEBHOOK_SECRET });
    expect(await gateway.resumePaymentIntent("pi_3TestIntent")).toEqual({
      intent: expect.objectContaining({ id: "pi_3TestIntent", status: "requires_action" }),
      clientSecret: "pi_3TestIntent_secret_abc123",
    });
  });

  it("cancels an unpaid intent, and reports the paid one Stripe refused to cancel", async () => {
    const canceled = fakeStripe(() => ({ status: 200, json: stripeIntent({ status: "canceled" }) }));
    const gateway = createStripeGateway({ stripe: canceled.stripe, webhookSecret: WEBHOOK_SECRET });
    expect((await gateway.cancelPaymentIntent("pi_3TestIntent"))?.status).toBe("canceled");
    expect(new URL(canceled.requests[0]!.url).pathname).toBe("/v1/payment_intents/pi_3TestIntent/cancel");

    const paid = fakeStripe((req) =>
      req.url.endsWith("/cancel")
        ? stripeError("payment_intent_unexpected_state")
        : { status: 200, json: stripeIntent({ status: "succeeded" }) },
    );
    const paidGateway = createStripeGateway({ stripe: paid.stripe, webhookSecret: WEBHOOK_SECRET });
    expect((await paidGateway.cancelPaymentIntent("pi_3TestIntent"))?.status).toBe("succeeded");
  });

  it("refunds the whole payment under an idempotency key named after the intent", async () => {
    const { stripe, requests } = fakeStripe(() => ({
      status: 200,
      json: { id: "re_1", object: "refund", amount: 6000, status: "succeeded" },
    }));
    await createStripeGateway({ stripe, webhookSecret: WEBHOOK_SECRET }).refundPaymentIntent(
      "pi_3TestIntent",
    );
    const [req] = requests;
    expect(new URL(req!.url).pathname).toBe("/v1/refunds");
    expect(new URLSearchParams(req!.body).get("payment_intent")).toBe("pi_3TestIntent");
    expect(new URLSearchParams(req!.body).get("amount")).toBeNull();
    expect(req!.headers["idempotency-key"]).toBe("refund-pi_3TestIntent");

    const again = fakeStripe(() => stripeError("charge_already_refunded"));
    await expect(
      createStripeGateway({ stripe: again.stripe, webhookSecret: WEBHOOK_SECRET }).refundPaymentIntent(
        "pi_x",
      ),
    ).resolves.toBeUndefined();
  });
});
