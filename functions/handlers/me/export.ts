import { defineRoute } from "../../http/route.ts";
import { exportAccount } from "../../usecases/accounts/export-account.ts";

export const route = defineRoute({}, async ({ auth, now }) => exportAccount(auth.userId, auth.token, now));
