/**
 * Web Push alerts (docs/architecture.md section 4a): the email sender hands each alert event here as
 * well, and the push goes to every browser the user turned push on in, under the same rules as the
 * email: once per event, the outbid window, and only while the user's push switch for it is on.
 */
import {
  deletePushSubscription,
  listPushSubscriptions,
} from "../../adapters/dynamo/push-subscriptions-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import type { PushSender } from "../../adapters/push/push-sender.ts";
import { type EmailEvent, notificationSettingsOf } from "../../domain/notifications.ts";
import {
  isPushAlert,
  PUSH_DELIVERY_TIMEOUT_MS,
  pushMessageOf,
  subscriptionGone,
  userWantsPush,
} from "../../domain/push.ts";
import { deliverOnce, outbidWindowAllows } from "./deliver-once.ts";

export type PushOutcome =
  | "sent"
  | "duplicate"
  | "not_an_alert"
  | "no_recipient"
  | "opted_out"
  | "no_subscription"
  | "rate_limited";

export interface PushOptions {
  now: number;
  /** At most one outbid alert per auction and user in this long (default 5 minutes, shared with the email). */
  outbidWindowMs?: number;
  /** How long one browser's delivery may take before it counts as failed (default 5 s). */
  deliveryTimeoutMs?: number;
}

/** `work`, or a rejection once `ms` passed: a push service that never answers holds nothing up. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`push delivery gave up after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pushes one alert event to the recipient's browsers, once however often it is delivered (its own
 * idempotency key, `push#<event key>`, beside the email's). A subscription the push service says is
 * gone (404, 410) is deleted; when every browser failed otherwise (or gave no answer within the delivery
 * timeout, each on its own clock, so one slow service never holds up the others) the event fails, so the
 * queue retries.
 * `sender` is asked for only when there is something to send (the deployed one reads its keys from SSM).
 */
export async function sendPushEvent(
  event: EmailEvent,
  sender: () => Promise<PushSender>,
  options: PushOptions,
): Promise<PushOutcome> {
  const message = pushMessageOf(event);
  if (!isPushAlert(event.kind) || !message || !("userId" in event.recipient)) return "not_an_alert";
  const user = await getUser(event.recipient.userId);
  if (!user || user.deletedAt) return "no_recipient";
  // Read at sending time, as for the email: turning a push off stops the ones still queued too.
  if (!userWantsPush(event.kind, notificationSettingsOf(user.notifications))) return "opted_out";
  const subscriptions = await listPushSubscriptions(user.id);
  if (subscriptions.length === 0) return "no_subscription";

  const outcome = await deliverOnce(`push#${event.key}`, options.now, async () => {
    if (!(await outbidWindowAllows(event, user.id, options.outbidWindowMs))) return "skipped";
    const push = await sender();
    const results = await Promise.allSettled(
      subscriptions.map(async (subscription) => {
        const status = await within(
          options.deliveryTimeoutMs ?? PUSH_DELIVERY_TIMEOUT_MS,
          push.send(subscription, { ...message, kind: event.kind }, options.now),
        );
        if (subscriptionGone(status)) await deletePushSubscription(user.id, subscription.endpoint);
      }),
    );
    const failed = results.filter((result) => result.status === "rejected");
    // One browser's push service failing does not send the others' pushes twice.
    if (failed.length === results.length) throw failed[0]!.reason;
    return "sent";
  });
  return outcome === "skipped" ? "rate_limited" : outcome;
}
