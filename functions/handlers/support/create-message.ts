import { supportMessageSchema } from "#shared/schemas/support";
import { SUPPORT_MESSAGES } from "../../domain/support.ts";
import { clientIp } from "../../http/client-ip.ts";
import { definePublicRoute, reply } from "../../http/route.ts";
import { sendSupportMessage } from "../../usecases/support/support-messages.ts";

export const route = definePublicRoute({ body: supportMessageSchema }, async ({ body, auth, now, event }) => {
  const sender = auth ? { userId: auth.userId, username: auth.username } : null;
  const { id } = await sendSupportMessage({ body, sender, ip: clientIp(event), now });
  return reply(201, { id, message: SUPPORT_MESSAGES.received });
});
