import { defineRoute } from "../../http/route.ts";
import { startTwoFactorSetup } from "../../usecases/accounts/two-factor.ts";

export const route = defineRoute({}, async ({ auth }) =>
  startTwoFactorSetup({ userId: auth.userId, username: auth.username }),
);
