import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { OutboxEmail } from "#shared/schemas/notifications";
import { db, tableName } from "./client.ts";
import { keys } from "./keys.ts";

/** The local stack's stand-in for SES: the email is stored under its recipient (adapters/email/outbox-sender.ts). */
export async function saveOutboxEmail(email: OutboxEmail & { eventKey: string }): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.outboxEmail(email.to, email.sentAt, crypto.randomUUID()),
        type: "outboxEmail",
        ...email,
      },
    }),
  );
}

/** The newest emails sent to an address, newest first. */
export async function listOutbox(to: string, limit = 100): Promise<OutboxEmail[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": keys.outboxPartition(to) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => ({
    to: item.to as string,
    subject: item.subject as string,
    text: item.text as string,
    html: item.html as string,
    kind: item.kind as OutboxEmail["kind"],
    sentAt: item.sentAt as string,
  }));
}
