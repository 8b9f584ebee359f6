import { definePublicRoute } from "../../http/route.ts";
import { listLiveAuctions } from "../../usecases/read-auctions.ts";

export const route = definePublicRoute({}, async ({ now }) => listLiveAuctions(now));
