/** Web Push subscriptions (docs/product.md, Alerts): a signed-in user's browsers, stored by their own key. */
import type { PushSubscriptionInput } from "#shared/schemas/push";
import {
  deletePushSubscription,
  listPushSubscriptions,
  putPushSubscription,
} from "../../adapters/dynamo/push-subscriptions-repo.ts";
import { onLocalStack } from "../../config/runtime.ts";
import { badRequest } from "../../domain/errors.ts";
import { isBrowserPushEndpoint, PUSH_ENDPOINT_MESSAGE, subscriptionsOverCap } from "../../domain/push.ts";

/**
 * Saves the browser's subscription as the caller's (taking it from another account that held it),
 * only to a browser push service; past the cap the caller's oldest subscriptions go.
 */
export async function subscribeToPush(
  userId: string,
  input: PushSubscriptionInput,
  now: number,
): Promise<void> {
  if (!isBrowserPushEndpoint(input.endpoint, onLocalStack())) throw badRequest(PUSH_ENDPOINT_MESSAGE);
  await putPushSubscription({
    userId,
    endpoint: input.endpoint,
    keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
    createdAt: new Date(now).toISOString(),
  });
  // Two subscribing at once may both trim: each deletes the oldest beyond the cap as it saw them.
  const over = subscriptionsOverCap(await listPushSubscriptions(userId), input.endpoint);
  await Promise.all(over.map((old) => deletePushSubscription(userId, old.endpoint)));
}

/** Forgets the caller's subscription of that endpoint; one they do not have changes nothing. */
export async function unsubscribeFromPush(userId: string, endpoint: string): Promise<void> {
  await deletePushSubscription(userId, endpoint);
}
