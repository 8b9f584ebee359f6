/**
 * The signed-in user's wins: read by the wins page (orders feature) and by a won auction's own page
 * (auctions feature), which both offer the same "Pay $X now", so the read lives here.
 */
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { WonAuction } from "#shared/schemas/orders";

export const WON_AUCTIONS_PATH = "/api/auctions/won";

/**
 * GET /api/auctions/won: the signed-in user's won auctions with their order state, newest first.
 * Read again whenever a page showing wins mounts: an order placed elsewhere changes what it shows.
 */
export function wonAuctionsQuery() {
  return queryOptions({
    queryKey: [WON_AUCTIONS_PATH] as const,
    queryFn: () => api.get<WonAuction[]>(WON_AUCTIONS_PATH),
    staleTime: 0,
  });
}

/** A win still to pay: no order yet, or an order whose payment has not gone through. */
export function awaitsPayment(win: Pick<WonAuction, "order">): boolean {
  return !win.order || win.order.paymentStatus === "pending";
}

/**
 * An unpaid win (or order: the same two fields) past its deadline: the sweep marks it within minutes,
 * but the page does not wait for that to stop offering a payment the server would refuse.
 */
export function winExpired(win: Pick<WonAuction, "payBy" | "paymentExpiredAt">, now: number): boolean {
  return win.paymentExpiredAt !== null || (win.payBy !== null && Date.parse(win.payBy) <= now);
}
