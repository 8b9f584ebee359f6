import { defineRoute } from "../../http/route.ts";
import { listPasskeys } from "../../usecases/accounts/passkeys.ts";

export const route = defineRoute({}, async ({ auth }) => listPasskeys(auth.userId));
