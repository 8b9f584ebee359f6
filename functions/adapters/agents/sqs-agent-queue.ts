import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { type AgentQueue, delaySeconds } from "./agent-queue.ts";

const sqs = new SQSClient({ maxAttempts: 3 });

/** AGENT_QUEUE_URL: the engine's queue (infra/constructs/agents.ts). */
export function sqsAgentQueue(queueUrl: string): AgentQueue {
  return {
    async scheduleCheck(check, atMs, now) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(check),
          DelaySeconds: delaySeconds(atMs, now),
        }),
      );
    },
  };
}
