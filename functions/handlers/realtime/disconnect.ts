import { deleteConnection } from "../../adapters/dynamo/connections-repo.ts";

/** WebSocket $disconnect. */
export async function handler(event: { requestContext: { connectionId: string } }) {
  await deleteConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
}
