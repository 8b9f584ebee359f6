import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import type { SignedWebhook } from "../../adapters/payments/local-gateway.ts";
import { currentOriginSecret, ORIGIN_HEADER } from "../../http/origin-lock.ts";
import { findRoute } from "../../routes.ts";
import { route as stripeWebhookRoute } from "./stripe-webhook.ts";

const WEBHOOK_ROUTE = findRoute("payments/stripe-webhook");
const stripeWebhook = stripeWebhookRoute.serve(WEBHOOK_ROUTE.handler);

/**
 * The local provider delivers its signed webhook to the very handler Stripe calls, with the event
 * API Gateway would build from Stripe's request, so the signature check and the crediting that run
 * locally are the deployed ones. Returns the handler's HTTP status.
 */
export async function deliverLocalWebhook(webhook: SignedWebhook, now: number): Promise<number> {
  const requestId = `local-webhook-${crypto.randomUUID()}`;
  const secret = await currentOriginSecret();
  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: `${WEBHOOK_ROUTE.method} ${WEBHOOK_ROUTE.path}`,
    rawPath: WEBHOOK_ROUTE.path,
    rawQueryString: "",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": webhook.signatureHeader,
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      // As Stripe's request would arrive: through the site, carrying CloudFront's origin header.
      ...(secret ? { [ORIGIN_HEADER]: secret } : {}),
    },
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: {
        method: WEBHOOK_ROUTE.method,
        path: WEBHOOK_ROUTE.path,
        protocol: "HTTP/1.1",
        sourceIp: "127.0.0.1",
        userAgent: "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      requestId,
      routeKey: `${WEBHOOK_ROUTE.method} ${WEBHOOK_ROUTE.path}`,
      stage: "$default",
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body: webhook.payload,
    isBase64Encoded: false,
  };
  const context = {
    functionName: "local-stripe-webhook",
    awsRequestId: requestId,
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context;
  const result = await stripeWebhook(event, context);
  return result.statusCode ?? 500;
}
