import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { PushDelivery } from "#shared/schemas/push";
import { db, tableName } from "./client.ts";
import { keys } from "./keys.ts";

/** The local push service's record of one push (adapters/push/local-push-service.ts), under its user. */
export async function savePushDelivery(delivery: PushDelivery): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.pushDelivery(delivery.userId, delivery.sentAt, crypto.randomUUID()),
        type: "pushDelivery",
        ...delivery,
      },
    }),
  );
}

/** The newest pushes sent to a user's browsers, newest first. */
export async function listPushDeliveries(userId: string, limit = 100): Promise<PushDelivery[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": keys.pushDeliveriesPartition(userId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => ({
    userId: item.userId as string,
    endpoint: item.endpoint as string,
    kind: item.kind as string,
    title: item.title as string,
    body: item.body as string,
    url: item.url as string,
    status: item.status as number,
    sentAt: item.sentAt as string,
  }));
}
