import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import type { SignedWebhook } from "./local-gateway.ts";

/** The handler Stripe calls, as the local provider reaches it: its route, its served function, its headers. */
export interface WebhookEndpoint {
  method: string;
  path: string;
  serve: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode?: number }>;
  /** Headers a request through the site carries (CloudFront's origin header, when one is set). */
  siteHeaders: () => Promise<Record<string, string>>;
}

/**
 * The local provider delivers its signed webhook to the very handler Stripe calls, with the event
 * API Gateway would build from Stripe's request, so the signature check and the crediting that run
 * locally are the deployed ones. Returns the handler's HTTP status.
 */
export async function deliverLocalWebhook(
  webhook: SignedWebhook,
  endpoint: WebhookEndpoint,
  now: number,
): Promise<number> {
  const requestId = `local-webhook-${crypto.randomUUID()}`;
  const routeKey = `${endpoint.method} ${endpoint.path}`;
  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey,
    rawPath: endpoint.path,
    rawQueryString: "",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": webhook.signatureHeader,
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      // As Stripe's request would arrive: through the site.
      ...(await endpoint.siteHeaders()),
    },
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: {
        method: endpoint.method,
        path: endpoint.path,
        protocol: "HTTP/1.1",
        sourceIp: "127.0.0.1",
        userAgent: "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      requestId,
      routeKey,
      stage: "$default",
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body: webhook.payload,
    isBase64Encoded: false,
  };
  const functionName = "local-stripe-webhook";
  const context: Context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => 30_000,
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
  const result = await endpoint.serve(event, context);
  return result.statusCode ?? 500;
}
