/**
 * DELETE /api/me (docs/product.md, "Deleting your account"; the terms and privacy pages say the same):
 * personal data goes, records the law requires stay without it, the public bid ledgers keep the
 * username so they keep verifying, and the username is never given out again.
 */
import { eraseOrderAddress, eraseUser } from "../../adapters/dynamo/accounts-repo.ts";
import { listUserAgents, stopAgent } from "../../adapters/dynamo/agents-repo.ts";
import { getResponsiblePlay } from "../../adapters/dynamo/limits-repo.ts";
import { listBuyerOrders } from "../../adapters/dynamo/orders-repo.ts";
import { deleteAllPasskeys } from "../../adapters/dynamo/passkeys-repo.ts";
import {
  deletePushSubscription,
  listPushSubscriptions,
} from "../../adapters/dynamo/push-subscriptions-repo.ts";
import { deleteAllSessions } from "../../adapters/dynamo/sessions-repo.ts";
import { deleteWatchlistEntry, listUserWatchlist } from "../../adapters/dynamo/watchlist-repo.ts";
import { ACCOUNT_MESSAGES } from "../../domain/accounts.ts";
import { conflict, forbidden } from "../../domain/errors.ts";
import { forfeitUnpaidPurchases } from "../orders/payment-deadlines.ts";
import { closeOpenPurchase } from "../payments/credit-bid-purchase.ts";
import { userWithPassword } from "./password-check.ts";

export async function deleteAccount(input: {
  userId: string;
  password: string;
  ip: string;
  now: number;
}): Promise<void> {
  const user = await userWithPassword(input);
  const orders = await listBuyerOrders(user.id);
  // The seller needs the address to ship what was paid for; the account can go once it has shipped.
  if (orders.some((o) => o.paymentStatus === "paid" && o.shippingStatus === "pending"))
    throw conflict(ACCOUNT_MESSAGES.shipmentPending);
  // An agent that bid meanwhile has moved on from the version read: read it again, so none is left
  // bidding for an account that is gone.
  for (let round = 0; round < 3; round++) {
    const active = (await listUserAgents(user.id)).filter((agent) => agent.status === "active");
    if (active.length === 0) break;
    for (const agent of active) await stopAgent(agent, "cancelled", input.now);
  }
  // A payment started and not finished must not credit an account that is gone.
  const open = (await getResponsiblePlay(user.id))?.openPurchaseIntentId;
  if (open) await closeOpenPurchase(open, input.now);
  // Only over the password hash that was checked: a reset meanwhile refuses the deletion.
  if (!(await eraseUser(user, input.now))) throw forbidden(ACCOUNT_MESSAGES.wrongPassword);
  // The terms page: a win not paid for is forfeited, not sold to an account that is gone.
  await forfeitUnpaidPurchases(user.id, orders, input.now);
  for (const order of orders) await eraseOrderAddress(order.id);
  for (const entry of await listUserWatchlist(user.id)) await deleteWatchlistEntry(user.id, entry.auctionId);
  await deleteAllSessions(user.id);
  await deleteAllPasskeys(user.id);
  // The browsers it pushed to: their endpoints are personal data, and free for another account.
  for (const { endpoint } of await listPushSubscriptions(user.id))
    await deletePushSubscription(user.id, endpoint);
}
