import {
  type ConnectedMessage,
  helloMessageSchema,
  type SocketErrorMessage,
  type WatchingMessage,
  watchMessageSchema,
} from "#shared/schemas/auctions";
import { deleteConnection } from "../../adapters/dynamo/connections-repo.ts";
import { postToConnection } from "../../adapters/realtime/socket-publisher.ts";
import { SOCKET_FRAMES_MESSAGE } from "../../domain/realtime-limits.ts";
import { countFrame, watchAuctions } from "../../usecases/realtime/watch-auctions.ts";

/**
 * WebSocket $default. API Gateway cannot post to a connection before $connect returns, so the client
 * says `{"type":"hello"}` once open and gets `connected` (with the server time) back; `ping` keeps an
 * idle connection alive the same way. `{"type":"watch","auctionIds":[..]}` narrows what the connection
 * hears to the live ones among those auctions and is answered with `watching` and the ids it watches
 * (or `error`, changing nothing: a bad frame). Each of these frames counts against the connection's
 * frames a minute, and past them every one is answered with `error` (functions/domain/realtime-limits.ts).
 * Anything else is ignored: the socket only carries news out.
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
  const limited: SocketErrorMessage = { type: "error", message: SOCKET_FRAMES_MESSAGE };
  const type = (parsed as { type?: unknown } | null)?.type;
  // Every frame that asks for work is counted against the connection's minute, a hello as a watch.
  if (helloMessageSchema.safeParse(parsed).success) {
    const counted = await countFrame(connectionId, now);
    if (counted === "gone") return { statusCode: 200 };
    answer = counted === "limited" ? limited : { type: "connected", serverTime: new Date(now).toISOString() };
  } else if (type === "watch") {
    const watch = watchMessageSchema.safeParse(parsed);
    if (!watch.success) {
      const counted = await countFrame(connectionId, now);
      if (counted === "gone") return { statusCode: 200 };
      answer =
        counted === "limited"
          ? limited
          : { type: "error", message: watch.error.issues[0]?.message ?? "Invalid watch message" };
    } else {
      const outcome = await watchAuctions(connectionId, watch.data.auctionIds, now);
      if (outcome.kind === "gone") return { statusCode: 200 };
      answer = outcome.kind === "limited" ? limited : { type: "watching", auctionIds: outcome.auctionIds };
    }
  }
  if (answer && (await postToConnection(connectionId, answer)) === "gone")
    await deleteConnection(connectionId);
  return { statusCode: 200 };
}
