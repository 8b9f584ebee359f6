import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { type IAccessLogSettings, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { ProductFunctionDefaults } from "./product-function.ts";

/**
 * One JSON line per request or socket event, to a log group with the stage's retention. API Gateway
 * cannot log request headers, so `sourceIp` is the CloudFront edge server; the viewer's own address is
 * `c-ip` in CloudFront's standard logs (same time and path), and WAF decisions are made on it.
 */
export function accessLogs(
  scope: Construct,
  id: string,
  defaults: ProductFunctionDefaults,
  fields: Record<string, string>,
): IAccessLogSettings {
  const logGroup = new LogGroup(scope, id, {
    logGroupName: `/aws/apigateway/${defaults.prefix}-${id.replace(/AccessLogs$/, "").toLowerCase()}`,
    retention: defaults.logRetention,
    removalPolicy: defaults.logRemoval,
  });
  return {
    destination: new LogGroupLogDestination(logGroup),
    format: AccessLogFormat.custom(JSON.stringify(fields)),
  };
}

export const HTTP_ACCESS_LOG_FIELDS = {
  requestId: "$context.requestId",
  requestTime: "$context.requestTimeEpoch",
  route: "$context.routeKey",
  path: "$context.path",
  status: "$context.status",
  latencyMs: "$context.responseLatency",
  integrationLatencyMs: "$context.integrationLatency",
  integrationError: "$context.integrationErrorMessage",
  sourceIp: "$context.identity.sourceIp",
  userAgent: "$context.identity.userAgent",
};

export const SOCKET_ACCESS_LOG_FIELDS = {
  requestId: "$context.requestId",
  requestTime: "$context.requestTimeEpoch",
  route: "$context.routeKey",
  eventType: "$context.eventType",
  connectionId: "$context.connectionId",
  status: "$context.status",
  latencyMs: "$context.integrationLatency",
  error: "$context.error.message",
  sourceIp: "$context.identity.sourceIp",
};
