import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ListLink, PagedListPage } from "@web/components/paged-list-page.tsx";
import { Package } from "lucide-react";
import type { ReactNode } from "react";
import type { OrderView } from "#shared/schemas/orders";
import type { Page } from "#shared/schemas/pages";

/**
 * A page of orders read 20 at a time (My Orders, Orders to Fulfill): its header with one link away,
 * the paged list with "Load more orders", and what it says while empty. Each page brings its card.
 */
export function OrdersListPage({
  orders,
  width,
  title,
  description,
  link,
  emptyDescription,
  emptyLink,
  children,
}: {
  orders: UseInfiniteQueryResult<InfiniteData<Page<OrderView>>>;
  width: string;
  title: string;
  description: string;
  link: ListLink;
  emptyDescription: string;
  emptyLink?: ListLink;
  children: (order: OrderView) => ReactNode;
}) {
  return (
    <PagedListPage
      width={width}
      title={title}
      description={description}
      link={link}
      query={orders}
      loadMoreLabel="Load more orders"
      errorFallback="Failed to load your orders"
      empty={{
        icon: Package,
        title: "No orders yet",
        description: emptyDescription,
        ...(emptyLink ? { link: emptyLink } : {}),
      }}
    >
      {children}
    </PagedListPage>
  );
}
