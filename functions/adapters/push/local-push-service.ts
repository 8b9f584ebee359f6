import { savePushDelivery } from "../dynamo/push-deliveries-repo.ts";
import type { PushSender } from "./push-sender.ts";

/**
 * The local stack's stand-in for the browsers' push services: every push is recorded under its user
 * (GET /api/dev/push?userId= lists them). An endpoint whose last path segment is `gone` answers 410,
 * as a push service does for a subscription the browser dropped, so the clean-up can be seen locally.
 */
export const localPushService: PushSender = {
  async send(subscription, push, now) {
    const status = new URL(subscription.endpoint).pathname.split("/").at(-1) === "gone" ? 410 : 201;
    await savePushDelivery({
      userId: subscription.userId,
      endpoint: subscription.endpoint,
      kind: push.kind,
      title: push.title,
      body: push.body,
      url: push.url,
      status,
      sentAt: new Date(now).toISOString(),
    });
    return status;
  },
};
