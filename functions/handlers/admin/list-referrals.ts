import { defineRoute } from "../../http/route.ts";
import { adminReferrers } from "../../usecases/referrals/admin-referrals.ts";

/** The accounts that invite, with their invited and rewarded counts (an index, not a scan). */
export const route = defineRoute({}, async () => adminReferrers());
