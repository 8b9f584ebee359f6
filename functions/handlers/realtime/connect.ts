import { saveConnection } from "../../adapters/dynamo/connections-repo.ts";
import { verifyCameThroughCloudFront } from "../../http/origin-lock.ts";
import { resolveSession } from "../../http/session.ts";
import { logger } from "../../observability/logger.ts";

interface ConnectEvent {
  headers?: Record<string, string | undefined>;
  requestContext: { connectionId: string };
}

/** WebSocket $connect: anyone may listen; a session cookie, if present, records who it is. */
export async function handler(event: ConnectEvent) {
  const now = Date.now();
  const connectionId = event.requestContext.connectionId;
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  // Only CloudFront may open a socket (the same lock as the HTTP routes).
  if (!(await verifyCameThroughCloudFront(headers))) return { statusCode: 403 };
  let userId: string | undefined;
  try {
    const { auth } = await resolveSession({ headers }, now);
    userId = auth?.userId;
  } catch (error) {
    // Live updates are public: a session that cannot be read only makes this listener anonymous.
    logger.warn("socket session lookup failed", { error: error as Error });
  }
  await saveConnection({ connectionId, userId, now });
  return { statusCode: 200 };
}
