import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from "#shared/schemas/payments";
import * as z from "#shared/schemas/zod";
import { getItem, putItem } from "./commands.ts";
import { updateUnlessRefused } from "./conditions.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";

/** A PaymentIntent of the local payment provider (LOCALPI#id / INTENT); Stripe keeps its own. */
export interface LocalPaymentIntentRecord {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  status: PaymentIntentStatus;
  lastPaymentError?: string;
  /** Money given back (the whole amount: the only refund the product makes). */
  refundedCents?: number;
  createdAt: string;
}

const LOCAL_INTENT_SCHEMA = z.object({
  id: z.string(),
  clientSecret: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  lastPaymentError: z.optional(z.string()),
  refundedCents: z.optional(z.number()),
  createdAt: z.string(),
}) satisfies z.ZodMiniType<LocalPaymentIntentRecord>;
const _lOCAL_INTENT_SCHEMAKeys: SameKeys<
  z.infer<typeof LOCAL_INTENT_SCHEMA>,
  LocalPaymentIntentRecord
> = true;

/** Local intents are throwaway test data: the table's TTL removes them after a month. */
const LOCAL_INTENT_TTL_SECONDS = 30 * 86400;

export async function putLocalPaymentIntent(record: LocalPaymentIntentRecord, now: number): Promise<void> {
  await putItem({
    Item: {
      ...keys.localPaymentIntent(record.id),
      type: "localPaymentIntent",
      ...record,
      expiresAt: Math.floor(now / 1000) + LOCAL_INTENT_TTL_SECONDS,
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
}

export async function getLocalPaymentIntent(id: string): Promise<LocalPaymentIntentRecord | null> {
  const { Item } = await getItem({ Key: keys.localPaymentIntent(id), ConsistentRead: true });
  return Item ? parseStoredItem("localPaymentIntent", LOCAL_INTENT_SCHEMA, Item) : null;
}

/** The intent exists and is neither paid nor canceled: the condition of both steps that close it. */
const STILL_OPEN = {
  ConditionExpression: "attribute_exists(pk) AND NOT #status IN (:succeeded, :canceled)",
  ExpressionAttributeNames: { "#status": "status" },
  ExpressionAttributeValues: { ":succeeded": "succeeded", ":canceled": "canceled" },
};

/** Moves the intent to succeeded once; false when it already was (a second confirmation) or was canceled. */
export async function markLocalPaymentIntentSucceeded(id: string): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.localPaymentIntent(id),
    UpdateExpression: "SET #status = :succeeded REMOVE lastPaymentError",
    ...STILL_OPEN,
  });
}

/** A declined card leaves the intent payable (as Stripe does) and remembers why. */
export async function recordLocalPaymentDecline(id: string, message: string): Promise<void> {
  await updateUnlessRefused({
    Key: keys.localPaymentIntent(id),
    UpdateExpression: "SET lastPaymentError = :message",
    ConditionExpression: "attribute_exists(pk) AND #status <> :succeeded",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: { ":message": message, ":succeeded": "succeeded" },
  });
}

/** Cancels an intent not yet paid (as Stripe does: a paid or canceled one stays as it is). */
export async function cancelLocalPaymentIntent(id: string): Promise<void> {
  await updateUnlessRefused({
    Key: keys.localPaymentIntent(id),
    UpdateExpression: "SET #status = :canceled",
    ...STILL_OPEN,
  });
}

/** Records a whole refund of a paid intent; false when it is not paid. Refunding twice changes nothing. */
export async function refundLocalPaymentIntent(id: string): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.localPaymentIntent(id),
    UpdateExpression: "SET refundedCents = amountCents",
    ConditionExpression: "attribute_exists(pk) AND #status = :succeeded",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: { ":succeeded": "succeeded" },
  });
}
