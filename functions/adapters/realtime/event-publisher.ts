/**
 * Publishes to the AppSync Event API over HTTP (`POST <EVENT_API_HTTP_ENDPOINT>`), SigV4-signed for
 * the service `appsync` with the function's own credentials: the namespace allows publishing by IAM
 * only, granted to the broadcaster alone (infra/constructs/live-events.ts). On this machine the
 * endpoint is the stand-in (scripts/local/event-api.ts), which checks the same signature.
 */
import { SignatureV4 } from "@smithy/signature-v4";
import { NodeSha256 } from "./sha256.ts";

/** AWS takes at most 5 events a publish. */
const MAX_EVENTS_PER_PUBLISH = 5;
/** Short: a publish that hangs would hold the stream's batch; whatever fails, the stream retries. */
const PUBLISH_TIMEOUT_MS = 2000;

export class PublishError extends Error {}

let signer: SignatureV4 | undefined;

/**
 * Lambda hands a function its role's credentials in the environment (the local stack its dummy
 * ones): read at each call, as they are refreshed between invocations.
 */
function signerFor(region: string): SignatureV4 {
  signer ??= new SignatureV4({
    service: "appsync",
    region,
    sha256: NodeSha256,
    credentials: async () => ({
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? "",
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? "",
      sessionToken: process.env.AWS_SESSION_TOKEN || undefined,
    }),
  });
  return signer;
}

export function eventApiConfigured(): boolean {
  return Boolean(process.env.EVENT_API_HTTP_ENDPOINT);
}

/** Sends `events` (each serialized to the JSON string AWS asks for) to `channel`; throws unless all are accepted. */
export async function publishEvents(channel: string, events: readonly unknown[]): Promise<void> {
  const endpoint = process.env.EVENT_API_HTTP_ENDPOINT;
  if (!endpoint) throw new PublishError("EVENT_API_HTTP_ENDPOINT is not set");
  const url = new URL(endpoint);
  for (let i = 0; i < events.length; i += MAX_EVENTS_PER_PUBLISH) {
    const body = JSON.stringify({
      channel,
      events: events.slice(i, i + MAX_EVENTS_PER_PUBLISH).map((event) => JSON.stringify(event)),
    });
    const signed = await signerFor(process.env.AWS_REGION ?? "us-east-1").sign({
      method: "POST",
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: {},
      headers: { host: url.host, "content-type": "application/json" },
      body,
    });
    const response = await fetch(url, {
      method: "POST",
      headers: signed.headers,
      body,
      signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok || failedCount(answer) > 0) {
      throw new PublishError(`publish to ${channel} failed: ${response.status} ${JSON.stringify(answer)}`);
    }
  }
}

/** How many events a publish answer lists as failed (`{successful, failed}`); none when it lists none. */
function failedCount(answer: unknown): number {
  if (typeof answer !== "object" || answer === null || !("failed" in answer)) return 0;
  return Array.isArray(answer.failed) ? answer.failed.length : 0;
}
