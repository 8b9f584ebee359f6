/**
 * Who may publish to the Event API stand-in: a request signed with SigV4 by the local stack's
 * credentials (what the deployed namespace allows: IAM), checked by signing it again, or one that
 * carries a valid API key (tests and tools). The key API (scripts/local/event-api.ts) takes the signature only.
 */
import type { IncomingHttpHeaders } from "node:http";
import { SignatureV4 } from "@smithy/signature-v4";
import { NodeSha256 } from "../../functions/adapters/realtime/sha256.ts";

export interface PublishAuth {
  /** Whether a key is one of the API's, unexpired. */
  validKey: (key: unknown) => boolean;
  iam?: LocalIam;
}

export interface LocalIam {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface PublishRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=[0-9a-f]+$/;

export async function publishAuthorized(request: PublishRequest, auth: PublishAuth): Promise<boolean> {
  if (auth.validKey(request.headers["x-api-key"])) return true;
  return auth.iam ? signedByLocalCredentials(request, auth.iam) : false;
}

/** A request SigV4-signed for `appsync` with the local credentials (a publish, or a call of the key API). */
export async function signedByLocalCredentials(request: PublishRequest, iam: LocalIam): Promise<boolean> {
  const authorization = request.headers.authorization;
  const match = authorization ? SIGV4.exec(authorization) : null;
  if (!match || match[1] !== iam.accessKeyId || match[3] !== "appsync") return false;
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!stamp) return false;
  const signingDate = new Date(`${stamp[1]}-${stamp[2]}-${stamp[3]}T${stamp[4]}:${stamp[5]}:${stamp[6]}Z`);
  // AWS allows five minutes of clock skew, measured on the wall clock the signer stamps with (new
  // Date()): a test that moves Date.now past an auction's end must not put every signature out of skew.
  // biome-ignore lint/complexity/useDateNow: Date.now is the tests' movable clock, not the wall clock
  if (Math.abs(new Date().getTime() - signingDate.getTime()) > 5 * 60_000) return false;
  const headers: Record<string, string> = {};
  for (const name of match[4]!.split(";")) {
    const value = request.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(",") : value;
  }
  const signer = new SignatureV4({
    service: "appsync",
    region: match[2]!,
    credentials: { accessKeyId: iam.accessKeyId, secretAccessKey: iam.secretAccessKey },
    sha256: NodeSha256,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: "http:",
      hostname: (headers.host ?? "").split(":")[0]!,
      path: request.path,
      query: request.query ?? {},
      headers,
      body: request.body.toString("utf8"),
    },
    { signingDate },
  );
  return signed.headers.authorization === authorization;
}
