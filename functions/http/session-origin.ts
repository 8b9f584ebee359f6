import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { SessionOrigin } from "../adapters/dynamo/sessions-repo.ts";
import { describeDevice, maskAddress } from "../domain/accounts.ts";
import { clientIp } from "./client-ip.ts";
import { lowerCaseHeaders } from "./csrf.ts";

/** How a new session is shown on its owner's sessions page; the address is stored masked, never whole. */
export function sessionOrigin(event: APIGatewayProxyEventV2): SessionOrigin {
  const address = maskAddress(clientIp(event));
  return {
    device: describeDevice(lowerCaseHeaders(event.headers)["user-agent"]),
    ...(address ? { address } : {}),
  };
}
