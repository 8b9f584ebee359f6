/**
 * GET /api/orders/seller: the signed-in seller's orders with the buyer's name, email and address,
 * read a page at a time on the Orders to Fulfill page (web/src/lib/list-pages.ts).
 */
export const sellerOrdersQueryKey = ["/api/orders/seller"] as const;
