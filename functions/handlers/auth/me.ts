import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { unauthorized } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const route = defineRoute({}, async ({ auth }) => {
  const user = await getUser(auth.userId);
  if (!user) throw unauthorized();
  return toCurrentUser(user);
});
