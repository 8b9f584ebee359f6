// @vitest-environment happy-dom
/**
 * The Place Bid hook against a stubbed fetch, with a fresh QueryClient per test: what each answer of
 * the server does (toasts, the purchase modal, the way to /login), and that a double click sends one bid.
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { meQuery } from "@web/lib/current-user.ts";
import { PurchaseModalContext } from "@web/lib/purchase-modal.ts";
import { createQueryClient } from "@web/lib/query-client.ts";
import { SIGNED_IN_BUYER as USER } from "@web/lib/test-fixtures.ts";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionSummary, PlaceBidResponse } from "#shared/schemas/auctions";
import type { CurrentUser } from "#shared/schemas/auth";
import { auctionQueries } from "../api/queries.ts";
import { usePlaceBid } from "./use-place-bid.ts";

const toasts = vi.hoisted(() => [] as Array<{ title?: unknown; description?: unknown; variant?: unknown }>);
vi.mock("@web/lib/toast.ts", () => ({
  toast: (t: { title?: unknown; description?: unknown; variant?: unknown }) => {
    toasts.push(t);
    return { id: String(toasts.length), dismiss() {}, update() {} };
  },
}));

const AUCTION = {
  id: "a1",
  status: "active",
  currentPrice: "1.00",
  totalBids: 0,
  endsAt: "2030-01-01T00:00:00.000Z",
  serverTime: "2029-12-31T23:59:00.000Z",
  lastBidder: null,
} as unknown as AuctionSummary;

let client: QueryClient;
let openPurchase: ReturnType<typeof vi.fn<() => void>>;

function setup(user: CurrentUser | null) {
  // The app's own client: its mutation cache toasts the refusals the bid's errorToast declares.
  client = createQueryClient();
  client.setQueryData(meQuery().queryKey, user);
  client.setQueryData(auctionQueries.list().queryKey, [AUCTION]);
  openPurchase = vi.fn<() => void>();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <PurchaseModalContext.Provider value={{ open: openPurchase }}>
        <MemoryRouter initialEntries={["/auction/a1"]}>{children}</MemoryRouter>
      </PurchaseModalContext.Provider>
    </QueryClientProvider>
  );
  return renderHook(() => ({ bid: usePlaceBid(), location: useLocation() }), { wrapper });
}

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

beforeEach(() => {
  toasts.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

describe("usePlaceBid", () => {
  it("a 402 says why and opens the purchase modal", async () => {
    vi.stubGlobal("fetch", answer(402, { message: "Insufficient bid credits" }));
    const { result } = setup(USER);
    act(() => result.current.bid.placeBid("a1"));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: "Cannot place bid", description: "Insufficient bid credits" });
    expect(openPurchase).toHaveBeenCalledTimes(1);
  });

  it("a 402 opens the purchase modal by its status, whatever its words", async () => {
    vi.stubGlobal("fetch", answer(402, { message: "Out of credits" }));
    const { result } = setup(USER);
    act(() => result.current.bid.placeBid("a1"));
    await waitFor(() => expect(openPurchase).toHaveBeenCalledTimes(1));
    expect(toasts).toEqual([
      expect.objectContaining({ title: "Cannot place bid", description: "Out of credits" }),
    ]);
  });

  it("a refusal without a message says Failed to place bid, and opens nothing", async () => {
    vi.stubGlobal("fetch", answer(409, {}));
    const { result } = setup(USER);
    act(() => result.current.bid.placeBid("a1"));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: "Cannot place bid", description: "Failed to place bid" });
    expect(openPurchase).not.toHaveBeenCalled();
  });

  it("a 401 asks to log in and goes to /login", async () => {
    vi.stubGlobal("fetch", answer(401, { message: "Authentication required" }));
    const { result } = setup(USER);
    act(() => result.current.bid.placeBid("a1"));
    await waitFor(() => expect(result.current.location.pathname).toBe("/login"));
    expect(toasts).toEqual([
      expect.objectContaining({ title: "Login required", description: "Please login to place a bid" }),
    ]);
  });

  it("signed out, it goes to /login without asking the server", async () => {
    const fetch = answer(200, {});
    vi.stubGlobal("fetch", fetch);
    const { result } = setup(null);
    act(() => result.current.bid.placeBid("a1"));
    expect(result.current.location.pathname).toBe("/login");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("no answer at all is a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const { result } = setup(USER);
    act(() => result.current.bid.placeBid("a1"));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      title: "Error",
      description: "An error occurred while placing your bid",
    });
  });

  it("a success toasts once, updates the cached list at once without refetching it, and a double click sends one bid", async () => {
    const placed: PlaceBidResponse = {
      auction: { ...AUCTION, currentPrice: "1.01", totalBids: 1, lastBidder: { username: "ann" } },
      bid: { id: "b1" },
    } as unknown as PlaceBidResponse;
    let release: () => void = () => {};
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify(placed), { status: 200 }));
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const { result } = setup(USER);
    const invalidated = vi.spyOn(client, "invalidateQueries");
    act(() => {
      result.current.bid.placeBid("a1");
      result.current.bid.placeBid("a1");
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => release());
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: "Bid placed successfully!" });
    const list = client.getQueryData<AuctionSummary[]>(auctionQueries.list().queryKey);
    expect(list?.[0]).toMatchObject({ currentPrice: "1.01", totalBids: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    // One writer per cache entry: the auction is not refetched over the merged answer, only the balance.
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([meQuery().queryKey]);
  });
});
