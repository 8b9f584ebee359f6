import { socketsPerAddress } from "../../config/runtime.ts";
import { viewerAddress } from "../../http/client-ip.ts";
import { verifyCameThroughCloudFront } from "../../http/origin-lock.ts";
import { resolveSession } from "../../http/session.ts";
import { logger } from "../../observability/logger.ts";
import { openConnection } from "../../usecases/realtime/watch-auctions.ts";

interface ConnectEvent {
  headers?: Record<string, string | undefined>;
  requestContext: { connectionId: string; identity?: { sourceIp?: string } };
}

/**
 * WebSocket $connect: anyone may listen; a session cookie, if present, records who it is. An address
 * holding its limit of open sockets (functions/domain/realtime-limits.ts) is refused with 429.
 */
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
  const address = viewerAddress(headers, event.requestContext.identity?.sourceIp);
  const opened = await openConnection({ connectionId, userId, address, cap: socketsPerAddress(), now });
  if (!opened) {
    logger.warn("socket refused: too many open from one address", { address });
    return { statusCode: 429 };
  }
  return { statusCode: 200 };
}
