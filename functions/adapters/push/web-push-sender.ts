import webpush from "web-push";
import { PUSH_DELIVERY_TIMEOUT_MS, subscriptionGone } from "../../domain/push.ts";
import type { PushSender } from "./push-sender.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** How long a push service keeps a push for a browser that is offline: an alert is stale after that. */
const TIME_TO_LIVE_SECONDS = 15 * 60;

type SendNotification = typeof webpush.sendNotification;

/**
 * Pushes through the browser's push service with the web-push library (payload encrypted to the
 * subscription's keys, signed with the VAPID keys). The service's 404 and 410 are answers (the
 * subscription is gone); any other failure throws. `send` is the library's, or a test's fake.
 */
export function webPushSender(
  vapid: VapidKeys,
  send: SendNotification = webpush.sendNotification,
): PushSender {
  return {
    async send(subscription, push) {
      try {
        const result = await send(
          { endpoint: subscription.endpoint, keys: subscription.keys },
          JSON.stringify({ title: push.title, body: push.body, url: push.url }),
          {
            vapidDetails: vapid,
            TTL: TIME_TO_LIVE_SECONDS,
            // An outbid or an ending auction is worth waking the phone for.
            urgency: "high",
            // The socket is dropped too, not only waited for (send-push.ts gives up at the same time).
            timeout: PUSH_DELIVERY_TIMEOUT_MS,
          },
        );
        return result.statusCode;
      } catch (error) {
        if (error instanceof webpush.WebPushError && subscriptionGone(error.statusCode))
          return error.statusCode;
        throw error;
      }
    },
  };
}
