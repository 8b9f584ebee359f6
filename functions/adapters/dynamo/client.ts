import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** Created once per container. The endpoint comes from AWS_ENDPOINT_URL(_DYNAMODB) when set (local stack). */
export const dynamo = new DynamoDBClient({ maxAttempts: 3 });

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

/** Read per call, not at import, so a test file can point the handlers at its own fresh table. */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error("TABLE_NAME is not set");
  return name;
}
