import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { siteOrigins } from "../config/runtime.ts";
import { type RelyingParty, relyingParty } from "../domain/passkeys.ts";
import { lowerCaseHeaders } from "./csrf.ts";

/** The site origin (and WebAuthn relying party id) this request's page is on; domain/passkeys.ts. */
export function requestRelyingParty(event: APIGatewayProxyEventV2): RelyingParty {
  return relyingParty(lowerCaseHeaders(event.headers).origin, siteOrigins());
}
