import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { unauthorized } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const handler = defineRoute("auth/me", {}, async ({ auth }) => {
  const user = auth && (await getUser(auth.userId));
  if (!user) throw unauthorized();
  return toCurrentUser(user);
});
