import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { adminTwoFactorRequired } from "../../config/runtime.ts";
import { staffSessionAllowed } from "../../domain/two-factor.ts";
import { unauthorized } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { toCurrentUser } from "../../usecases/views/user-view.ts";

export const route = defineRoute({}, async ({ auth }) => {
  const user = await getUser(auth.userId);
  if (!user) throw unauthorized();
  const allowed = staffSessionAllowed({
    role: auth.role,
    required: adminTwoFactorRequired(),
    sessionHasSecondFactor: auth.secondFactor,
  });
  return { ...toCurrentUser(user), ...(allowed ? {} : { twoFactorSetupRequired: true }) };
});
