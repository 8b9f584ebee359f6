/** The event Lambda's SQS event source delivers: here one message, as the local queues hand it over. */
import { randomUUID } from "node:crypto";
import type { SQSEvent } from "aws-lambda";

export function sqsEvent(body: unknown, queueName: string, receiveCount = 1): SQSEvent {
  const now = String(Date.now());
  return {
    Records: [
      {
        messageId: randomUUID(),
        receiptHandle: "local",
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: now,
          SenderId: "local",
          ApproximateFirstReceiveTimestamp: now,
        },
        messageAttributes: {},
        md5OfBody: "",
        eventSource: "aws:sqs",
        eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueName}`,
        awsRegion: "us-east-1",
      },
    ],
  };
}
