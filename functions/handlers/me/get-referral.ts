import { defineRoute } from "../../http/route.ts";
import { referralView } from "../../usecases/referrals/referrals.ts";

export const route = defineRoute({}, async ({ auth, now }) => referralView(auth.userId, now));
