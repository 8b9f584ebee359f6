/**
 * Web Push subscriptions: `PUSHSUB#<userId>` / `ENDPOINT#<sha256(endpoint)>`, one per browser a user
 * turned push on in (the alerts read a user's with one Query), and `PUSHENDPOINT#<hash>` / `OWNER`,
 * whose user the endpoint belongs to: a browser shared by two accounts pushes to the last one that
 * subscribed in it, never to both.
 */
import { createHash } from "node:crypto";
import * as z from "#shared/schemas/zod";
import { RETRY, retrying } from "../retry.ts";
import { deleteItem, getItem } from "./commands.ts";
import { deleteUnlessRefused, transactionConditionFailed } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";
import { writeTransaction } from "./transact.ts";

export interface StoredPushSubscription {
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}

const PUSH_SUBSCRIPTION_SCHEMA = z.object({
  userId: z.string(),
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
  createdAt: z.string(),
}) satisfies z.ZodMiniType<StoredPushSubscription>;
const _pUSH_SUBSCRIPTION_SCHEMAKeys: SameKeys<
  z.infer<typeof PUSH_SUBSCRIPTION_SCHEMA>,
  StoredPushSubscription
> = true;

const endpointHash = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex");

/**
 * Saves the subscription as the user's, taking the endpoint from whoever held it (their copy is
 * deleted in the same transaction). Subscribing again replaces the keys, which a browser may renew.
 */
export async function putPushSubscription(subscription: StoredPushSubscription): Promise<void> {
  const hash = endpointHash(subscription.endpoint);
  const owner = keys.pushEndpoint(hash);
  await retrying({ attempts: 5, delayMs: (failed) => 20 * failed }, async () => {
    const current = await getItem({ Key: owner, ConsistentRead: true });
    const previous = typeof current.Item?.userId === "string" ? current.Item.userId : undefined;
    try {
      await writeTransaction([
        {
          Put: {
            Item: { ...owner, type: "pushEndpoint", userId: subscription.userId },
            // Nobody else took it since the read: the previous owner's copy below is the one to drop.
            ConditionExpression: previous ? "userId = :previous" : "attribute_not_exists(pk)",
            ...(previous ? { ExpressionAttributeValues: { ":previous": previous } } : {}),
          },
        },
        {
          Put: {
            Item: {
              ...keys.pushSubscription(subscription.userId, hash),
              type: "pushSubscription",
              ...subscription,
            },
          },
        },
        ...(previous && previous !== subscription.userId
          ? [{ Delete: { Key: keys.pushSubscription(previous, hash) } }]
          : []),
      ]);
      return "saved" as const;
    } catch (error) {
      if (transactionConditionFailed(error, 0)) return RETRY;
      throw error;
    }
  });
}

/** The user's subscriptions (one Query of their partition, paged through). */
export async function listPushSubscriptions(userId: string): Promise<StoredPushSubscription[]> {
  const items = await queryAll({
    KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": keys.pushSubscriptionsPartition(userId) },
  });
  return items.map((item) => parseStoredItem("pushSubscription", PUSH_SUBSCRIPTION_SCHEMA, item));
}

/**
 * Forgets the user's subscription of this endpoint, and the endpoint's owner while it is still this
 * user. Deleting one that is not there changes nothing.
 */
export async function deletePushSubscription(userId: string, endpoint: string): Promise<void> {
  const hash = endpointHash(endpoint);
  await deleteItem({ Key: keys.pushSubscription(userId, hash) });
  await deleteUnlessRefused({
    Key: keys.pushEndpoint(hash),
    ConditionExpression: "userId = :me",
    ExpressionAttributeValues: { ":me": userId },
  });
}
