import { emailEventSchema } from "#shared/schemas/notifications";
import type { EmailSender } from "../../adapters/email/email-sender.ts";
import { outboxSender } from "../../adapters/email/outbox-sender.ts";
import { sesSender } from "../../adapters/email/ses-sender.ts";
import { localPushService } from "../../adapters/push/local-push-service.ts";
import type { PushSender } from "../../adapters/push/push-sender.ts";
import { loadVapidKeys } from "../../adapters/push/vapid-keys.ts";
import { webPushSender } from "../../adapters/push/web-push-sender.ts";
import { queuedJsonHandler } from "../../events/queued-json.ts";
import { logger } from "../../observability/logger.ts";
import { isResetRequest, issueRequestedReset } from "../../usecases/accounts/reset-requests.ts";
import { sendEmailEvent } from "../../usecases/alerts/send-alerts.ts";
import { sendPushEvent } from "../../usecases/alerts/send-push.ts";
import { deliverSupportEmail, isSupportMessageEvent } from "../../usecases/support/support-emails.ts";

/** SES where the stage configured it (EMAIL_FROM and SES_CONFIGURATION_SET, set by CDK); the outbox otherwise (local stack). */
function sender(): EmailSender {
  const from = process.env.EMAIL_FROM;
  const configurationSet = process.env.SES_CONFIGURATION_SET;
  return from && configurationSet ? sesSender(from, configurationSet) : outboxSender;
}

/**
 * The browsers' push services where the stage keeps its VAPID keys in SSM (VAPID_PRIVATE_KEY_PARAM,
 * set by CDK); the local push service otherwise (local stack: GET /api/dev/push).
 */
async function pushSender(): Promise<PushSender> {
  return process.env.VAPID_PRIVATE_KEY_PARAM ? webPushSender(await loadVapidKeys()) : localPushService;
}

/**
 * The alert sender: each SQS message is one event, sent once as an email and, for the alerts, once as
 * a Web Push (usecases/alerts/send-alerts.ts, usecases/alerts/send-push.ts); each channel settles
 * on its own, so a retry redoes only the one that failed. A failed send goes back to the queue (partial
 * batch response) and, after its retries, to the dead-letter queue, which raises an alarm. A message
 * that can never be valid is logged and dropped. A password reset asked for an address comes here
 * first as a request, which issues the link (and queues its email) to the account holding it; a
 * Contact Us message goes to the stage's support address.
 */
export const handler = queuedJsonHandler("email event", emailEventSchema, async (event) => {
  const now = Date.now();
  if (isResetRequest(event)) {
    // Not an email yet: the account is looked up here, so the request did the same work either way.
    logger.info("reset request", { key: event.key, outcome: await issueRequestedReset(event, now) });
    return;
  }
  if (isSupportMessageEvent(event)) {
    // To the stage's support address, not to an account: no settings, no push.
    logger.info("support message", {
      key: event.key,
      outcome: await deliverSupportEmail(event, sender(), now),
    });
    return;
  }
  const [email, push] = await Promise.allSettled([
    sendEmailEvent(event, sender(), { now }),
    sendPushEvent(event, pushSender, { now }),
  ]);
  logger.info("email event", {
    key: event.key,
    kind: event.kind,
    outcome: email.status === "fulfilled" ? email.value : "failed",
    push: push.status === "fulfilled" ? push.value : "failed",
  });
  if (email.status === "rejected") throw email.reason;
  if (push.status === "rejected") throw push.reason;
});
