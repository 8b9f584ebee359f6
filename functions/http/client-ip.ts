import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** Set by the CloudFront function in front of the API (infra/edge.ts), over anything the viewer sent. */
const VIEWER_ADDRESS_HEADER = "x-viewer-address";

/**
 * The viewer's address. Behind CloudFront, API Gateway's sourceIp is an edge server, so the address
 * CloudFront put in x-viewer-address is preferred. A client calling execute-api directly could forge
 * it; that only weakens the per-IP login limit, the per-account limit still holds.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  const header = Object.entries(event.headers ?? {}).find(
    ([k]) => k.toLowerCase() === VIEWER_ADDRESS_HEADER,
  )?.[1];
  return header?.trim() || event.requestContext?.http?.sourceIp || "unknown";
}
