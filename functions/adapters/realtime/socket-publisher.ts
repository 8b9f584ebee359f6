/**
 * Posts to WebSocket connections through the API Gateway management API (WS_MANAGEMENT_ENDPOINT:
 * the execute-api endpoint of the `ws` stage when deployed, the local gateway in `npm run dev`).
 */
import {
  ApiGatewayManagementApiClient,
  ApiGatewayManagementApiServiceException,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";

/** Created once per container. */
const client = new ApiGatewayManagementApiClient({ endpoint: process.env.WS_MANAGEMENT_ENDPOINT });

export type PostResult = "sent" | "gone";

/** "gone" when the client has left (410): the caller deletes the connection. */
export async function postToConnection(connectionId: string, message: unknown): Promise<PostResult> {
  try {
    await client.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(message)),
      }),
    );
    return "sent";
  } catch (error) {
    if (
      error instanceof GoneException ||
      (error instanceof ApiGatewayManagementApiServiceException && error.$metadata.httpStatusCode === 410)
    ) {
      return "gone";
    }
    throw error;
  }
}
