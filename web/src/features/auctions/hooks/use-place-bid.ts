import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/use-toast.ts";
import { paths } from "@web/config/paths.ts";
import { getErrorStatus, getServerMessage } from "@web/lib/api-client.ts";
import { meQuery, useUser } from "@web/lib/current-user.ts";
import { usePurchaseModal } from "@web/lib/purchase-modal.ts";
import { useCallback, useRef } from "react";
import { useNavigate } from "react-router";
import type { AuctionDetail, AuctionSummary, PlaceBidResponse } from "#shared/schemas/auctions";
import { usePlaceBidMutation } from "../api/place-bid.ts";
import { auctionQueries } from "../api/queries.ts";
import { keepNewerAuction } from "../lib/cache-merge.ts";
import { rememberBid } from "../lib/my-bids.ts";

export const INSUFFICIENT_CREDITS = "Insufficient bid credits";

function requireLogin(navigate: (to: string) => void) {
  toast({ variant: "destructive", title: "Login required", description: "Please login to place a bid" });
  navigate(paths.login.getHref());
}

/**
 * Place Bid with every answer of docs/product.md section 8: success toast; "Cannot place bid" with the
 * server's message (or "Failed to place bid"); out of credits also opens the purchase modal; no
 * answer at all is a network error; signed out goes to /login.
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

  const applyResult = useCallback(
    ({ auction }: PlaceBidResponse) => {
      queryClient.setQueryData<AuctionDetail>(auctionQueries.detail(auction.id).queryKey, (cached) =>
        cached ? keepNewerAuction(cached, { ...cached, ...auction, bids: cached.bids }) : cached,
      );
      queryClient.setQueryData<AuctionSummary[]>(auctionQueries.list().queryKey, (cached) =>
        cached?.map((a) => (a.id === auction.id ? keepNewerAuction(a, auction) : a)),
      );
      void queryClient.invalidateQueries({ queryKey: auctionQueries.list().queryKey });
      void queryClient.invalidateQueries({ queryKey: auctionQueries.detail(auction.id).queryKey });
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
        onError: (error) => {
          const status = getErrorStatus(error);
          if (status === null) {
            toast({
              variant: "destructive",
              title: "Error",
              description: "An error occurred while placing your bid",
            });
            return;
          }
          if (status === 401) return requireLogin(navigate);
          const message = getServerMessage(error);
          toast({
            variant: "destructive",
            title: "Cannot place bid",
            description: message ?? "Failed to place bid",
          });
          if (message?.includes(INSUFFICIENT_CREDITS)) purchaseModal.open();
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
