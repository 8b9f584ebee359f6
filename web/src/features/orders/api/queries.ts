import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { listPagesQuery } from "@web/lib/list-pages.ts";
import { WON_AUCTIONS_PATH, wonAuctionsQuery } from "@web/lib/wins.ts";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { OrderView, WonAuction } from "#shared/schemas/orders";
import type { Page } from "#shared/schemas/pages";

const BUYER_ORDERS_PATH = "/api/orders/buyer";
const SELLER_ORDERS_PATH = "/api/orders/seller";
const PAGE_SIZE = 20;

/**
 * Every read of the orders feature; each key is the path it reads (docs/product.md section 7). A
 * whole list's key prefixes its pages' keys, so invalidating it refreshes both.
 */
export const orderQueries = {
  /** GET /api/orders/buyer: the signed-in user's orders, newest first. */
  buyerOrders: () =>
    queryOptions({
      queryKey: [BUYER_ORDERS_PATH] as const,
      queryFn: () => api.get<OrderView[]>(BUYER_ORDERS_PATH),
      staleTime: 0,
    }),
  /** The newest order's address, offered again at the next checkout (null before the first order). */
  lastOrder: () =>
    queryOptions({
      queryKey: [BUYER_ORDERS_PATH, "last"] as const,
      queryFn: async () => (await api.get<Page<OrderView>>(`${BUYER_ORDERS_PATH}?limit=1`)).items[0] ?? null,
      staleTime: 0,
    }),
  buyerOrderPages: () => listPagesQuery<OrderView>(BUYER_ORDERS_PATH, PAGE_SIZE),
  /** Every read of the seller's orders (only read a page at a time, on Orders to Fulfill). */
  sellerOrdersAll: () => [SELLER_ORDERS_PATH] as const,
  /** GET /api/orders/seller: the signed-in seller's orders with the buyer's name, email and address. */
  sellerOrderPages: () => listPagesQuery<OrderView>(SELLER_ORDERS_PATH, PAGE_SIZE),
  /** GET /api/auctions/won, whole (web/src/lib/wins.ts). */
  wonAuctions: wonAuctionsQuery,
  /**
   * The auction as the Buy It Now checkout summarizes it: the detail's own key and path, read once
   * here (the checkout does not poll it).
   */
  buyNowAuction: (auctionId: string) =>
    queryOptions({
      queryKey: ["/api/auctions", auctionId] as const,
      queryFn: () => api.get<AuctionDetail>(`/api/auctions/${encodeURIComponent(auctionId)}`),
    }),
  wonAuctionPages: () => listPagesQuery<WonAuction>(WON_AUCTIONS_PATH, PAGE_SIZE),
};
