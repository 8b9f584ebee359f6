import type { PushDelivery } from "#shared/schemas/push";
import * as z from "#shared/schemas/zod";
import type { SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";
import { appendToLocalLog, readLocalLog } from "./local-logs.ts";

const PUSH_DELIVERY_SCHEMA = z.object({
  userId: z.string(),
  endpoint: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  status: z.number(),
  sentAt: z.string(),
}) satisfies z.ZodMiniType<PushDelivery>;
const _pushDeliveryKeys: SameKeys<z.infer<typeof PUSH_DELIVERY_SCHEMA>, PushDelivery> = true;

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
  return readLocalLog(keys.pushDeliveriesPartition(userId), limit, "pushDelivery", PUSH_DELIVERY_SCHEMA);
}
