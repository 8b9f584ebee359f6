import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { EmptyList, PagedQueryList } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import type { Page } from "#shared/schemas/pages";

/** Where a list page sends the user on: another page's address and the button's words. */
export interface ListLink {
  to: string;
  label: string;
  icon?: LucideIcon;
}

/** The way on from an empty list of one's own auctions (no wins, nothing watched). */
export const browseLiveAuctions: ListLink = { to: paths.home.getHref(), label: "Browse Live Auctions" };

/** What a list page shows while empty: an icon, a title, a line of help and an optional link on. */
export type ListEmpty = Omit<ComponentProps<typeof EmptyList>, "action"> & { link?: ListLink };

/**
 * A page of what a query reads a page at a time (My Wins, My Orders, Watching...): the h1 with an
 * optional link away, an optional `intro` above the list, the list with its placeholders, error and
 * "Load more", and while it is empty a line of help with an optional link to go on from.
 */
export function PagedListPage<T>({
  width,
  title,
  description,
  link,
  intro,
  query,
  loadMoreLabel,
  errorFallback,
  empty: { link: emptyLink, ...empty },
  listClassName,
  children,
}: {
  width: string;
  title: string;
  description: string;
  link?: ListLink;
  intro?: ReactNode;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  loadMoreLabel?: string;
  errorFallback: string;
  empty: ListEmpty;
  /** The list's layout (default: one column). */
  listClassName?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PageContainer className={width}>
      <PageHeader
        title={title}
        description={description}
        {...(link ? { actions: <LinkButton link={link} variant="outline" size="sm" /> } : {})}
      />
      {intro}
      <PagedQueryList
        query={query}
        errorFallback={errorFallback}
        {...(loadMoreLabel ? { loadMoreLabel } : {})}
        {...(listClassName ? { className: listClassName } : {})}
        empty={<EmptyList {...empty} {...(emptyLink ? { action: <LinkButton link={emptyLink} /> } : {})} />}
      >
        {children}
      </PagedQueryList>
    </PageContainer>
  );
}

function LinkButton({
  link,
  ...button
}: { link: ListLink } & Pick<ComponentProps<typeof Button>, "variant" | "size">) {
  return (
    <Button asChild {...button}>
      <Link to={link.to}>
        {link.icon && <link.icon aria-hidden="true" />}
        {link.label}
      </Link>
    </Button>
  );
}
