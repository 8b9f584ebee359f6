import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** Set by the CloudFront function in front of the API (infra/edge.ts), over anything the viewer sent. */
const VIEWER_ADDRESS_HEADER = "x-viewer-address";

/** An IPv4 or IPv6 address as CloudFront writes it (at most 45 characters); anything else is ignored. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The viewer's address. Behind CloudFront, API Gateway's sourceIp is an edge server, so the address
 * CloudFront put in x-viewer-address is preferred. A client calling execute-api directly could forge
 * it; that only moves its own guesses to other address buckets, the per-account ceiling still holds.
 * A value that is not an address (or is absurdly long) is ignored rather than trusted or stored.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  const header = Object.entries(event.headers ?? {})
    .find(([k]) => k.toLowerCase() === VIEWER_ADDRESS_HEADER)?.[1]
    ?.trim();
  if (header && ADDRESS.test(header)) return header;
  const source = event.requestContext?.http?.sourceIp;
  return source && ADDRESS.test(source) ? source : "unknown";
}
