/** GET /api/me/export: everything the product holds about the caller, in one JSON document. */
import type { ReferralExport } from "#shared/schemas/referrals";
import { listUserActivity } from "../../adapters/dynamo/accounts-repo.ts";
import { listUserAgents } from "../../adapters/dynamo/agents-repo.ts";
import { getResponsiblePlay } from "../../adapters/dynamo/limits-repo.ts";
import { listBuyerOrders } from "../../adapters/dynamo/orders-repo.ts";
import { listPushSubscriptions } from "../../adapters/dynamo/push-subscriptions-repo.ts";
import { getReferral, getReferrer } from "../../adapters/dynamo/referrals-repo.ts";
import { getTwoFactor } from "../../adapters/dynamo/two-factor-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { listUserWatchlist } from "../../adapters/dynamo/watchlist-repo.ts";
import { unauthorized } from "../../domain/errors.ts";
import { notificationSettingsOf } from "../../domain/notifications.ts";
import { freeBids } from "../../domain/referrals.ts";
import { toAgentView } from "../agents/bid-agents.ts";
import { toOrderView } from "../views/order-view.ts";
import { toCurrentUser } from "../views/user-view.ts";
import { listPasskeys } from "./passkeys.ts";
import { listSessions } from "./sessions.ts";

export async function exportAccount(userId: string, token: string, now: number) {
  const user = await getUser(userId);
  if (!user || user.deletedAt) throw unauthorized();
  const [
    activity,
    agents,
    orders,
    limits,
    sessions,
    twoFactor,
    watchlist,
    passkeys,
    pushSubscriptions,
    referrer,
    referral,
  ] = await Promise.all([
    listUserActivity(userId),
    listUserAgents(userId),
    listBuyerOrders(userId),
    getResponsiblePlay(userId),
    listSessions(userId, token, now),
    getTwoFactor(userId),
    listUserWatchlist(userId),
    listPasskeys(userId),
    listPushSubscriptions(userId),
    getReferrer(userId),
    getReferral(userId),
  ]);
  return {
    exportedAt: new Date(now).toISOString(),
    account: {
      ...toCurrentUser(user),
      createdAt: user.createdAt,
      lastSeenAt: user.lastSeenAt ?? null,
      lastBidAt: user.lastBidAt ?? null,
      paymentFlag: user.paymentFlag ?? null,
    },
    settings: { notifications: notificationSettingsOf(user.notifications) },
    limits: limits && {
      limits: limits.limits,
      pending: limits.pending,
      selfExcludedUntil: limits.selfExcludedUntil,
    },
    bids: activity.bidTallies,
    agents: agents.map((agent) => ({ ...toAgentView(agent), auctionId: agent.auctionId })),
    orders: orders.map((order) => toOrderView(order)),
    payments: activity.purchases,
    watchlist,
    sessions,
    // Whether it is on and since when; the key and the recovery codes are credentials, never data to hand out.
    twoFactor: {
      enabled: Boolean(twoFactor?.enabledAt),
      enabledAt: twoFactor?.enabledAt ? new Date(twoFactor.enabledAt).toISOString() : null,
      recoveryCodesLeft: twoFactor?.enabledAt ? (twoFactor.recoveryCodes ?? []).length : 0,
    },
    // Their names and dates; the public keys verify signatures only and say nothing about the person.
    passkeys,
    // Invite a friend: the account's code and how far it went, its free bids, and who invited it.
    referral: {
      code: referrer?.code ?? null,
      invited: referrer?.invited ?? 0,
      rewarded: referrer?.rewarded ?? 0,
      voucherBids: freeBids(user.voucherBids, user.bidBalance),
      invitedBy: referral?.inviterId ?? null,
    } satisfies ReferralExport,
    // Where push notifications go: the browsers' push addresses, never their encryption keys.
    pushSubscriptions: pushSubscriptions.map(({ endpoint, createdAt }) => ({ endpoint, createdAt })),
  };
}
