import { changeEmailSchema } from "#shared/schemas/accounts";
import { clientIp } from "../../http/client-ip.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { changeEmail } from "../../usecases/accounts/change-email.ts";

export const route = defineRoute({ body: changeEmailSchema }, async ({ body, auth, now, event }) =>
  reply(202, await changeEmail({ ...body, userId: auth.userId, ip: clientIp(event), now })),
);
