import { devPushQuerySchema } from "#shared/schemas/push";
import { listPushDeliveries } from "../../adapters/dynamo/push-deliveries-repo.ts";
import { definePublicRoute } from "../../http/route.ts";

/** The local push service's record (every push sent to a user's browsers, newest first); 404 anywhere else. */
export const route = definePublicRoute({ query: devPushQuerySchema }, async ({ query }) =>
  listPushDeliveries(query.userId),
);
