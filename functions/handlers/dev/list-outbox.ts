import { outboxQuerySchema } from "#shared/schemas/notifications";
import { listOutbox } from "../../adapters/dynamo/outbox-repo.ts";
import { definePublicRoute } from "../../http/route.ts";

/** The local stack's outbox (every email the product sent to an address, newest first); 404 anywhere else. */
export const route = definePublicRoute({ query: outboxQuerySchema }, async ({ query }) =>
  listOutbox(query.to),
);
