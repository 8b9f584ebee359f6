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
  /** Queues Bid Agent checks (SQS delay messages to the agent engine). */
  queuesAgentChecks?: boolean;
}

/**
 * GETs that write: a read of an auction after its end finalizes it (DESIGN.md section 4: whichever
 * comes first, a read or the closer), and the buyer's order list marks an order paid when its payment
 * succeeded but the webhook is late.
 */
const WRITING_READS = [
  "auctions/list-auctions",
  "auctions/get-auction",
  "auctions/list-won-auctions",
  "admin/list-auctions",
  "seller/list-seller-auctions",
  "orders/list-buyer-orders",
];

/** Handlers that call Stripe (functions/adapters/payments: paymentGateway() in stripe mode). */
const STRIPE_CALLERS = [
  "payments/create-payment-intent",
  "payments/verify-payment",
  "payments/stripe-webhook",
  "orders/create-order-payment-intent",
  "orders/list-buyer-orders",
];

const EXCEPTIONS: Record<string, Partial<FunctionNeeds>> = {
  ...Object.fromEntries(WRITING_READS.map((id) => [id, { table: "RW" as const }])),
  // Approving a product starts its auction and arms the end schedule (usecases/start-auction.ts).
  // The bid does not touch the schedule: when a bid moved the end, the closer re-arms.
  "admin/approve-product": { schedulesAuctionEnds: true },
  // Answers a client's hello/ping by posting to the connection.
  [socketRoutes.find((r) => r.routeKey === "$default")!.handler]: { postsToSockets: true },
  // Re-arms the schedule when it fires before the (extended) end.
  [eventHandlers.auctionCloser]: { table: "RW", schedulesAuctionEnds: true },
  // Deletes connections that are gone (410) and reads the connection lists.
  [eventHandlers.broadcaster]: { table: "RW", postsToSockets: true },
  // A bid or a booking queues the agents' next check on that auction.
  "auctions/place-bid": { queuesAgentChecks: true },
  "auctions/put-agent": { queuesAgentChecks: true },
  // Places agent bids, settles agents, queues its own next check.
  [eventHandlers.agentEngine]: { table: "RW", queuesAgentChecks: true },
  // Reads the live auctions and queues checks.
  [eventHandlers.agentSweep]: { table: "RO", queuesAgentChecks: true },
};
for (const id of STRIPE_CALLERS) EXCEPTIONS[id] = { ...EXCEPTIONS[id], readsStripeSecrets: true };

export function routeNeeds(route: HttpRoute): FunctionNeeds {
  return { table: route.method === "GET" ? "RO" : "RW", ...EXCEPTIONS[route.handler] };
}

/** $connect / $disconnect / $default write and delete connection items. */
export function socketNeeds(handlerId: string): FunctionNeeds {
  return { table: "RW", ...EXCEPTIONS[handlerId] };
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
