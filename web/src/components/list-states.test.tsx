// @vitest-environment happy-dom
/** The paged list body: loaded items, "Load more" while the server says there are more, the empty state. */
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Page } from "#shared/schemas/pages";
import { PagedQueryList } from "./list-states.tsx";

type Query = UseInfiniteQueryResult<InfiniteData<Page<string>>>;

function query(pages: Page<string>[], more: boolean, fetchNextPage = vi.fn()): Query {
  return {
    isPending: false,
    isError: false,
    data: { pages, pageParams: [] },
    hasNextPage: more,
    isFetchingNextPage: false,
    fetchNextPage,
  } as unknown as Query;
}

afterEach(cleanup);

describe("PagedQueryList", () => {
  it("shows every loaded page's items and asks for the next page on Load more", () => {
    const next = vi.fn();
    render(
      <PagedQueryList
        query={query(
          [
            { items: ["a", "b"], nextCursor: "c1" },
            { items: ["c"], nextCursor: "c2" },
          ],
          true,
          next,
        )}
        errorFallback="Failed"
        empty={<p>Nothing</p>}
        loadMoreLabel="Load more orders"
      >
        {(item) => <p key={item}>item {item}</p>}
      </PagedQueryList>,
    );
    expect(screen.getAllByText(/^item /).map((el) => el.textContent)).toEqual(["item a", "item b", "item c"]);
    fireEvent.click(screen.getByRole("button", { name: "Load more orders" }));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("offers no Load more on the last page, and the empty state when there is nothing", () => {
    const { rerender } = render(
      <PagedQueryList
        query={query([{ items: ["a"], nextCursor: null }], false)}
        errorFallback="Failed"
        empty={<p>Nothing</p>}
      >
        {(item) => <p key={item}>item {item}</p>}
      </PagedQueryList>,
    );
    expect(screen.queryByRole("button")).toBeNull();
    rerender(
      <PagedQueryList
        query={query([{ items: [], nextCursor: null }], false)}
        errorFallback="Failed"
        empty={<p>Nothing</p>}
      >
        {(item) => <p key={item}>item {item}</p>}
      </PagedQueryList>,
    );
    expect(screen.getByText("Nothing")).toBeTruthy();
  });
});
