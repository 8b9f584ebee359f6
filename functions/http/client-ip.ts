import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { addressKey } from "../domain/addresses.ts";
import { lowerCaseHeaders } from "./csrf.ts";
import { cameThroughCloudFront } from "./origin-lock.ts";

/** Set by the CloudFront function in front of the API (infra/edge.ts), over anything the viewer sent. */
const VIEWER_ADDRESS_HEADER = "x-viewer-address";

/** An IPv4 or IPv6 address as CloudFront writes it (at most 45 characters); anything else is ignored. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The viewer's address. Behind CloudFront, API Gateway's sourceIp is an edge server, so the address
 * CloudFront put in x-viewer-address is preferred — only on a request that proved it came through
 * CloudFront (functions/http/origin-lock.ts), so calling execute-api directly cannot forge it. A value
 * that is not an address (or is absurdly long) is ignored rather than trusted or stored. IPv6 comes
 * back as its /64 (domain/addresses.ts): this is the one place every throttle, the sessions page and
 * the request log get the address from, so none of them can key on a single IPv6 address.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  return viewerAddress(event.headers, event.requestContext?.http?.sourceIp) ?? "unknown";
}

/**
 * The same for any event (a socket's $connect has its source under `identity`), in the key form of
 * domain/addresses.ts; undefined when unknown.
 */
export function viewerAddress(
  headers: Record<string, string | undefined> | undefined,
  sourceIp: string | undefined,
): string | undefined {
  const header = cameThroughCloudFront(headers)
    ? lowerCaseHeaders(headers)[VIEWER_ADDRESS_HEADER]?.trim()
    : undefined;
  if (header && ADDRESS.test(header)) return addressKey(header);
  return sourceIp && ADDRESS.test(sourceIp) ? addressKey(sourceIp) : undefined;
}
