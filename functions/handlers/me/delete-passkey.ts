import { passkeyIdParamsSchema } from "#shared/schemas/passkeys";
import { defineRoute, reply } from "../../http/route.ts";
import { removePasskey } from "../../usecases/accounts/passkeys.ts";

export const route = defineRoute({ params: passkeyIdParamsSchema }, async ({ params, auth }) => {
  await removePasskey(auth.userId, params.id);
  return reply(204, null);
});
