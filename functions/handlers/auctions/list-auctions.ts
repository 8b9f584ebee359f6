import { defineRoute } from "../../http/route.ts";
import { listLiveAuctions } from "../../usecases/read-auctions.ts";

export const handler = defineRoute("auctions/list-auctions", {}, async ({ now }) => listLiveAuctions(now));
