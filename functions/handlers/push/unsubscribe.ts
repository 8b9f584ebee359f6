import { pushUnsubscribeSchema } from "#shared/schemas/push";
import { defineRoute, reply } from "../../http/route.ts";
import { unsubscribeFromPush } from "../../usecases/push/subscriptions.ts";

export const route = defineRoute({ body: pushUnsubscribeSchema }, async ({ body, auth }) => {
  await unsubscribeFromPush(auth.userId, body.endpoint);
  return reply(204, null);
});
