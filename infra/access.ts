import { eventHandlers, type HttpRoute, httpRoutes, socketRoutes } from "../functions/routes.ts";
import type { TableAccess } from "./constructs/product-function.ts";

/**
 * What each function may touch beyond its own logs. The table access is derived from the route
 * table (GET = read-only, anything else = read-write); the exceptions below say why.
 */
export interface FunctionNeeds {
  table: TableAccess;
  /** Creates, moves or deletes an auction's one-time end schedule (EventBridge Scheduler). */
  schedulesAuctionEnds?: boolean;
  /** Talks to Stripe: reads the secret key and the webhook secret from SSM at cold start. */
  readsStripeSecrets?: boolean;
  /** Posts to WebSocket connections through the management API. */
  postsToSockets?: boolean;
}

/**
 * A read of an auction after its end finalizes it (DESIGN.md section 4: whichever comes first, a read
 * or the closer), so these GETs write the auction item.
 */
const FINALIZING_READS = [
  "auctions/list-auctions",
  "auctions/get-auction",
  "auctions/list-won-auctions",
  "admin/list-auctions",
  "seller/list-seller-auctions",
];

const EXCEPTIONS: Record<string, Partial<FunctionNeeds>> = {
  ...Object.fromEntries(FINALIZING_READS.map((id) => [id, { table: "RW" as const }])),
  // Arms the end schedule of the auction it creates.
  "admin/approve-product": { schedulesAuctionEnds: true },
  // Moves the end schedule when a bid in the last seconds extends the auction.
  "auctions/place-bid": { schedulesAuctionEnds: true },
  "payments/create-payment-intent": { readsStripeSecrets: true },
  "payments/verify-payment": { readsStripeSecrets: true },
  "payments/stripe-webhook": { readsStripeSecrets: true },
  "orders/create-order-payment-intent": { readsStripeSecrets: true },
  // Re-arms the schedule when it fires before the (extended) end.
  [eventHandlers.auctionCloser]: { table: "RW", schedulesAuctionEnds: true },
  // Deletes connections that are gone (410) and reads the connection lists.
  [eventHandlers.broadcaster]: { table: "RW", postsToSockets: true },
};

export function routeNeeds(route: HttpRoute): FunctionNeeds {
  return { table: route.method === "GET" ? "RO" : "RW", ...EXCEPTIONS[route.handler] };
}

/** $connect / $disconnect / $default write and delete connection items. */
export function socketNeeds(): FunctionNeeds {
  return { table: "RW" };
}

export function eventHandlerNeeds(handlerId: string): FunctionNeeds {
  const needs = EXCEPTIONS[handlerId];
  if (!needs?.table) throw new Error(`No access declared for event handler "${handlerId}"`);
  return { ...needs, table: needs.table };
}

/** Every handler id the app deploys, so an exception naming a handler that no longer exists is caught. */
export function knownHandlerIds(): Set<string> {
  return new Set([
    ...httpRoutes.map((r) => r.handler),
    ...socketRoutes.map((r) => r.handler),
    ...Object.values(eventHandlers),
  ]);
}

export const exceptionHandlerIds = Object.keys(EXCEPTIONS);
