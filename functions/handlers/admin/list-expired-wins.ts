import { defineRoute } from "../../http/route.ts";
import { expiredWins } from "../../usecases/auctions/relist-auction.ts";

/** The wins that expired unpaid and were not listed again, newest expiry first (an index, not a scan). */
export const route = defineRoute({}, async ({ now }) => expiredWins(now));
