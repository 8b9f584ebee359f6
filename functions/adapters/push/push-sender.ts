import type { PushMessage } from "#shared/schemas/push";
import type { StoredPushSubscription } from "../dynamo/push-subscriptions-repo.ts";

export interface OutgoingPush extends PushMessage {
  /** The alert it carries (outbid, won, ending_soon). */
  kind: string;
}

/**
 * Sends one push to one browser and answers the push service's status: 201 when it took it, 404 or
 * 410 when the subscription is gone (the caller deletes it). Any other failure throws, so the queue
 * retries. The web-push library in AWS (web-push-sender.ts), the local push service on the local stack
 * (local-push-service.ts).
 */
export interface PushSender {
  send(subscription: StoredPushSubscription, push: OutgoingPush, now: number): Promise<number>;
}
