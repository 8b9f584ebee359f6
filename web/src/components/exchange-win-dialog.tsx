import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { api } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { toast } from "@web/lib/toast.ts";
import { WON_AUCTIONS_PATH } from "@web/lib/wins.ts";
import { plural } from "#shared/plural";
import type { ExchangeWinResponse } from "#shared/schemas/orders";

/**
 * The confirmation of "Exchange for N bids" (loaded when first asked for: the dialog is no part of a
 * won auction's first load): what giving the win up means, then POST /api/auctions/{id}/exchange.
 */
export function ExchangeWinDialog({
  auctionId,
  productName,
  bids,
  label,
  open,
  onOpenChange,
  onExchanged,
}: {
  auctionId: string;
  productName: string;
  bids: number;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onExchanged?: () => void;
}) {
  const queryClient = useQueryClient();
  const exchange = useMutation({
    mutationFn: () => api.post<ExchangeWinResponse>(`/api/auctions/${auctionId}/exchange`),
    onSuccess: ({ returned, bidBalance }) => {
      void queryClient.invalidateQueries({ queryKey: [WON_AUCTIONS_PATH] });
      void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
      onOpenChange(false);
      toast({
        variant: "success",
        title: `${plural(returned, "bid")} back in your balance`,
        description: `You now have ${plural(bidBalance, "bid")}.`,
      });
      onExchanged?.();
    },
    meta: { errorToast: { fallback: "Could not exchange this win" } },
  });
  const one = bids === 1;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Exchange ${productName} for ${plural(bids, "bid")}?`}
      description={`You give the win up: you will not pay for ${productName} and it will not be sent to you. The ${plural(bids, "bid")} you placed on this auction ${one ? "comes" : "come"} back to your balance, worth what you paid for ${one ? "it" : "them"}. The seller is told, and the item may be auctioned again. This cannot be undone.`}
      confirmLabel={label}
      busy={exchange.isPending}
      onConfirm={() => exchange.mutate()}
    />
  );
}
