import { type ConnectedMessage, helloMessageSchema } from "#shared/schemas/auctions";
import { deleteConnection } from "../../adapters/dynamo/connections-repo.ts";
import { postToConnection } from "../../adapters/realtime/socket-publisher.ts";

/**
 * WebSocket $default. API Gateway cannot post to a connection before $connect returns, so the client
 * says `{"type":"hello"}` once open and gets `connected` (with the server time) back; `ping` keeps an
 * idle connection alive the same way. Anything else is ignored: the socket only carries news out.
 */
export async function handler(event: { body?: string; requestContext: { connectionId: string } }) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.body ?? "");
  } catch {
    return { statusCode: 200 };
  }
  if (!helloMessageSchema.safeParse(parsed).success) return { statusCode: 200 };
  const { connectionId } = event.requestContext;
  const message: ConnectedMessage = { type: "connected", serverTime: new Date().toISOString() };
  if ((await postToConnection(connectionId, message)) === "gone") await deleteConnection(connectionId);
  return { statusCode: 200 };
}
