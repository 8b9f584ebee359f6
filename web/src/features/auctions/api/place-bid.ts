import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { PlaceBidResponse } from "#shared/schemas/auctions";
import { recordServerTime } from "../lib/server-clock.ts";

/** POST /api/auctions/{id}/bid (no body): the auction's state right after the accepted bid. */
export async function placeBid(auctionId: string): Promise<PlaceBidResponse> {
  const result = await api.post<PlaceBidResponse>(`/api/auctions/${encodeURIComponent(auctionId)}/bid`);
  recordServerTime(result.auction.serverTime);
  return result;
}

/** A refusal is toasted with the server's message (docs/product.md section 8); a 401 goes to /login instead. */
export function usePlaceBidMutation() {
  return useMutation({
    mutationFn: placeBid,
    meta: {
      errorToast: {
        title: "Cannot place bid",
        fallback: "Failed to place bid",
        noAnswer: "An error occurred while placing your bid",
        except: [401],
      },
    },
  });
}
