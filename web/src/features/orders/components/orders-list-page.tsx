import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { EmptyList, PagedQueryList } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { type LucideIcon, Package } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
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
  emptyAction,
  children,
}: {
  orders: UseInfiniteQueryResult<InfiniteData<Page<OrderView>>>;
  width: string;
  title: string;
  description: string;
  link: { to: string; icon: LucideIcon; label: string };
  emptyDescription: string;
  emptyAction?: ReactNode;
  children: (order: OrderView) => ReactNode;
}) {
  return (
    <PageContainer className={width}>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={link.to}>
              <link.icon aria-hidden="true" />
              {link.label}
            </Link>
          </Button>
        }
      />
      <PagedQueryList
        query={orders}
        loadMoreLabel="Load more orders"
        errorFallback="Failed to load your orders"
        empty={
          <EmptyList
            icon={Package}
            title="No orders yet"
            description={emptyDescription}
            {...(emptyAction ? { action: emptyAction } : {})}
          />
        }
      >
        {children}
      </PagedQueryList>
    </PageContainer>
  );
}
