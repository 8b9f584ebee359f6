import {
  eventHandlers,
  type HttpRoute,
  httpRoutes,
  socketRoutes,
  stripeCallers,
} from "../functions/routes.ts";
import { type TableGrant, tableGrantOf } from "./table-access.ts";

/**
 * What each function may touch beyond its own logs: its table grant (infra/table-access.ts: the key
 * prefixes it reads and writes), and the other services the exceptions below name.
 */
export interface FunctionNeeds {
  table: TableGrant;
  /** Creates, moves or deletes an auction's one-time end schedule (EventBridge Scheduler). */
  schedulesAuctionEnds?: boolean;
  /** Talks to Stripe: reads the secret key and the webhook secret from SSM at cold start. */
  readsStripeSecrets?: boolean;
  /** Posts to WebSocket connections through the management API. */
  postsToSockets?: boolean;
  /** Hands a new auction state to the broadcaster (its asynchronous invocation: live updates' direct path). */
  handsOffLiveUpdates?: boolean;
  /** Queues Bid Agent checks (SQS delay messages to the agent engine). */
  queuesAgentChecks?: boolean;
  /** Signs product photo uploads to the media bucket (presigned POST). */
  signsPhotoUploads?: boolean;
  /** Publishes Stripe's publishable key to the web (GET /api/config). */
  publishesStripeKey?: boolean;
  /** Reads and slides the caller's session like an HTTP route (functions/http/session.ts). */
  slidesSession?: boolean;
  /** Queues account emails (a link's secret, which the stream never sees) on the email queue. */
  queuesEmails?: boolean;
  /** Hands the VAPID public key to the browser: reads that one SSM parameter (never the private key). */
  publishesPushKey?: boolean;
}
// The email consumer's queue and the sender's queue, SES and VAPID key grants are not listed here:
// infra/constructs/notifications.ts, the only place either function is made, grants them.

const EXCEPTIONS: Record<string, Partial<Omit<FunctionNeeds, "table">>> = {
  // Approving a product starts its auction and arms the end schedule (usecases/auctions/start-auction.ts).
  // The bid does not touch the schedule: when a bid moved the end, the closer re-arms.
  "admin/approve-product": { schedulesAuctionEnds: true },
  // Listing an expired win again starts a new auction, whose end it arms like an approval.
  "admin/relist-auction": { schedulesAuctionEnds: true },
  // Records who opened the socket: resolves the session cookie, which slides the session as a route does.
  [socketRoutes.find((r) => r.routeKey === "$connect")!.handler]: { slidesSession: true },
  // Answers a client's hello/ping by posting to the connection.
  [socketRoutes.find((r) => r.routeKey === "$default")!.handler]: { postsToSockets: true },
  // Re-arms the schedule when it fires before the (extended) end; hands the end to the broadcaster.
  [eventHandlers.auctionCloser]: { schedulesAuctionEnds: true, handsOffLiveUpdates: true },
  // Deletes connections that are gone (410) and reads the connection lists.
  [eventHandlers.broadcaster]: { postsToSockets: true },
  // A bid or a booking queues the agents' next check on that auction; a bid hands its state to the broadcaster.
  "auctions/place-bid": { queuesAgentChecks: true, handsOffLiveUpdates: true },
  // A read that finds an auction over ends it (usecases/finalize-auction.ts) and hands the end over:
  // the auction page's reads, the lists, the wins page, Buy It Now and the checkout.
  "auctions/get-auction": { handsOffLiveUpdates: true },
  "auctions/list-auctions": { handsOffLiveUpdates: true },
  "admin/list-auctions": { handsOffLiveUpdates: true },
  "seller/list-seller-auctions": { handsOffLiveUpdates: true },
  "auctions/get-buy-now": { handsOffLiveUpdates: true },
  "auctions/list-won-auctions": { handsOffLiveUpdates: true },
  "auctions/buy-now": { handsOffLiveUpdates: true },
  "orders/create-order": { handsOffLiveUpdates: true },
  "auctions/put-agent": { queuesAgentChecks: true },
  // Places agent bids (handing each to the broadcaster), settles agents, queues its own next check.
  [eventHandlers.agentEngine]: { queuesAgentChecks: true, handsOffLiveUpdates: true },
  // Presigned POSTs to the media bucket carry this function's right to put photos there.
  "seller/create-upload": { signsPhotoUploads: true },
  // Reads the live auctions and queues checks.
  [eventHandlers.agentSweep]: { queuesAgentChecks: true },
  // The one reader of the publishable key: with the key in SSM, every other function would hold a
  // dynamic reference of its own (CloudFormation allows 60 per template).
  "config/get-config": { publishesStripeKey: true },
  // The browser subscribes to Web Push with the VAPID public key.
  "push/get-public-key": { publishesPushKey: true },
};
/** Gives each of `handlerIds` the need, beside the ones listed above. */
function grant(need: keyof Omit<FunctionNeeds, "table">, handlerIds: readonly string[]): void {
  for (const id of handlerIds) EXCEPTIONS[id] = { ...EXCEPTIONS[id], [need]: true };
}
// Account links: the email carries a secret the table holds only hashed (usecases/accounts/account-emails.ts);
// a new passkey and two-factor turned on are told to the owner the same way.
grant("queuesEmails", [
  "auth/register",
  "auth/resend-verification",
  "auth/forgot-password",
  "auth/reset-password",
  "me/put-email",
  "me/add-passkey",
  "me/confirm-two-factor",
  // A Contact Us message is queued for the support address at once: the stream never carries it.
  "support/create-message",
]);
// The route table says who calls the payment provider (callsPaymentProvider).
grant("readsStripeSecrets", stripeCallers);

export function routeNeeds(route: HttpRoute): FunctionNeeds {
  return needsOf(route.handler);
}

export function socketNeeds(handlerId: string): FunctionNeeds {
  return needsOf(handlerId);
}

export function eventHandlerNeeds(handlerId: string): FunctionNeeds {
  return needsOf(handlerId);
}

function needsOf(handlerId: string): FunctionNeeds {
  return { table: tableGrantOf(handlerId), ...EXCEPTIONS[handlerId] };
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
