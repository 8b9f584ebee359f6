import {
  type ConnectedMessage,
  helloMessageSchema,
  type SocketErrorMessage,
  type WatchingMessage,
  watchMessageSchema,
} from "#shared/schemas/auctions";
import { deleteConnection, watchAuctions } from "../../adapters/dynamo/connections-repo.ts";
import { postToConnection } from "../../adapters/realtime/socket-publisher.ts";

/**
 * WebSocket $default. API Gateway cannot post to a connection before $connect returns, so the client
 * says `{"type":"hello"}` once open and gets `connected` (with the server time) back; `ping` keeps an
 * idle connection alive the same way. `{"type":"watch","auctionIds":[..]}` narrows what the connection
 * hears to those auctions and is answered with `watching` (or `error`, changing nothing). Anything else
 * is ignored: the socket only carries news out.
 */
export async function handler(event: { body?: string; requestContext: { connectionId: string } }) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.body ?? "");
  } catch {
    return { statusCode: 200 };
  }
  const { connectionId } = event.requestContext;
  const now = Date.now();
  let answer: ConnectedMessage | WatchingMessage | SocketErrorMessage | null = null;
  if (helloMessageSchema.safeParse(parsed).success) {
    answer = { type: "connected", serverTime: new Date(now).toISOString() };
  } else if ((parsed as { type?: unknown } | null)?.type === "watch") {
    const watch = watchMessageSchema.safeParse(parsed);
    if (!watch.success) {
      answer = { type: "error", message: watch.error.issues[0]?.message ?? "Invalid watch message" };
    } else {
      const auctionIds = [...new Set(watch.data.auctionIds)];
      if (!(await watchAuctions(connectionId, auctionIds, now))) return { statusCode: 200 };
      answer = { type: "watching", auctionIds };
    }
  }
  if (answer && (await postToConnection(connectionId, answer)) === "gone")
    await deleteConnection(connectionId);
  return { statusCode: 200 };
}
