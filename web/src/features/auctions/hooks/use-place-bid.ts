import { useQueryClient } from "@tanstack/react-query";
import { paths } from "@web/config/paths.ts";
import { getErrorStatus } from "@web/lib/api-client.ts";
import { meQuery, useUser } from "@web/lib/current-user.ts";
import { usePurchaseModal } from "@web/lib/purchase-modal.ts";
import { toast } from "@web/lib/toast.ts";
import { useCallback, useRef } from "react";
import { useNavigate } from "react-router";
import type { AuctionDetail, AuctionSummary, PlaceBidResponse } from "#shared/schemas/auctions";
import { usePlaceBidMutation } from "../api/place-bid.ts";
import { auctionQueries } from "../api/queries.ts";
import { keepNewerAuction } from "../lib/cache-merge.ts";
import { rememberBid } from "../lib/my-bids.ts";

function requireLogin(navigate: (to: string) => void) {
  toast({ variant: "destructive", title: "Login required", description: "Please login to place a bid" });
  navigate(paths.login.getHref());
}

/**
 * Place Bid with every answer of docs/product.md section 8: success toast; a refusal's toast (the
 * mutation's errorToast: "Cannot place bid" with the server's message, or the network error); out of
 * credits (402) also opens the purchase modal; signed out goes to /login.
 */
export function usePlaceBid() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const purchaseModal = usePurchaseModal();
  const mutation = usePlaceBidMutation();
  // A double click must not send a second bid while the first is on its way (its success would then
  // be followed by a "you are already the highest bidder" refusal).
  const inFlight = useRef(new Set<string>());

  // The bid's answer is merged like any newer state (cache-merge.ts); the live path and the poll own the
  // auction after that, so nothing refetches it here. Only the balance is read again.
  const applyResult = useCallback(
    ({ auction }: PlaceBidResponse) => {
      queryClient.setQueryData<AuctionDetail>(auctionQueries.detail(auction.id).queryKey, (cached) =>
        cached ? keepNewerAuction(cached, { ...cached, ...auction, bids: cached.bids }) : cached,
      );
      queryClient.setQueryData<AuctionSummary[]>(auctionQueries.list().queryKey, (cached) =>
        cached?.map((a) => (a.id === auction.id ? keepNewerAuction(a, auction) : a)),
      );
      void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    },
    [queryClient],
  );

  const placeBid = useCallback(
    (auctionId: string) => {
      if (user === null) return requireLogin(navigate);
      if (inFlight.current.has(auctionId)) return;
      inFlight.current.add(auctionId);
      mutation.mutate(auctionId, {
        onSettled: () => {
          inFlight.current.delete(auctionId);
        },
        onSuccess: (result) => {
          if (user) rememberBid(user.username, auctionId);
          applyResult(result);
          toast({ variant: "success", title: "Bid placed successfully!" });
        },
        // The refusal's toast comes from the mutation's errorToast; what else an answer means is here.
        onError: (error) => {
          const status = getErrorStatus(error);
          if (status === 401) return requireLogin(navigate);
          // 402 is the bid route's one "no credits left" answer: offer to buy some.
          if (status === 402) purchaseModal.open();
        },
      });
    },
    [user, navigate, mutation, applyResult, purchaseModal],
  );

  return {
    placeBid,
    isPending: mutation.isPending,
    pendingAuctionId: mutation.isPending ? mutation.variables : undefined,
  };
}

/**
 * Place Bid for a list of memoized cards (the grid, Watching): one function for the list's life,
 * calling the latest placeBid, so a card does not re-render because the bid hook's closure changed;
 * none for staff accounts, whose cards offer View Details only.
 */
export function useCardsPlaceBid() {
  const { placeBid, pendingAuctionId } = usePlaceBid();
  const { data: user } = useUser();
  const latestPlaceBid = useRef(placeBid);
  latestPlaceBid.current = placeBid;
  const stablePlaceBid = useCallback((auctionId: string) => latestPlaceBid.current(auctionId), []);
  return { onPlaceBid: user?.role === "admin" ? undefined : stablePlaceBid, pendingAuctionId };
}
