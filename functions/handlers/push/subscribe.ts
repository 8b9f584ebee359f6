import { pushSubscriptionSchema } from "#shared/schemas/push";
import { defineRoute, reply } from "../../http/route.ts";
import { subscribeToPush } from "../../usecases/push/subscriptions.ts";

export const route = defineRoute({ body: pushSubscriptionSchema }, async ({ body, auth, now }) => {
  await subscribeToPush(auth.userId, body, now);
  return reply(201, { endpoint: body.endpoint });
});
