import { defineRoute } from "../../http/route.ts";
import { twoFactorStatus } from "../../usecases/accounts/two-factor.ts";

export const route = defineRoute({}, async ({ auth }) => twoFactorStatus(auth.userId, auth.role));
