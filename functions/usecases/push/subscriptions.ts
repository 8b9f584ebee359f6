/** Web Push subscriptions (docs/product.md, Alerts): a signed-in user's browsers, stored by their own key. */
import type { PushSubscriptionInput } from "#shared/schemas/push";
import {
  deletePushSubscription,
  putPushSubscription,
} from "../../adapters/dynamo/push-subscriptions-repo.ts";

/** Saves the browser's subscription as the caller's (taking it from another account that held it). */
export async function subscribeToPush(
  userId: string,
  input: PushSubscriptionInput,
  now: number,
): Promise<void> {
  await putPushSubscription({
    userId,
    endpoint: input.endpoint,
    keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
    createdAt: new Date(now).toISOString(),
  });
}

/** Forgets the caller's subscription of that endpoint; one they do not have changes nothing. */
export async function unsubscribeFromPush(userId: string, endpoint: string): Promise<void> {
  await deletePushSubscription(userId, endpoint);
}
