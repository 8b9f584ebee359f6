import type { PushDelivery } from "#shared/schemas/push";
import { keys } from "./keys.ts";
import { appendToLocalLog, readLocalLog } from "./local-logs.ts";

const DELIVERY_FIELDS = [
  "userId",
  "endpoint",
  "kind",
  "title",
  "body",
  "url",
  "status",
  "sentAt",
] as const satisfies readonly (keyof PushDelivery)[];

/** The local push service's record of one push (adapters/push/local-push-service.ts), under its user. */
export async function savePushDelivery(delivery: PushDelivery): Promise<void> {
  await appendToLocalLog(
    keys.pushDelivery(delivery.userId, delivery.sentAt, crypto.randomUUID()),
    "pushDelivery",
    delivery,
  );
}

/** The newest pushes sent to a user's browsers, newest first. */
export async function listPushDeliveries(userId: string, limit = 100): Promise<PushDelivery[]> {
  return readLocalLog<PushDelivery>(keys.pushDeliveriesPartition(userId), limit, DELIVERY_FIELDS);
}
