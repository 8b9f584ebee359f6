import { defineRoute } from "../../http/route.ts";
import { lateOrders } from "../../usecases/orders/ship-by.ts";

/** The paid orders not shipped by their shipBy, and those their buyer cancelled for it (an index, not a scan). */
export const route = defineRoute({}, async () => lateOrders());
