import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "@web/config/paths.ts";
import { toast } from "@web/lib/toast.ts";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatPrice } from "#shared/money";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { BuyNowOfferView, OrderView, ShippingAddress } from "#shared/schemas/orders";
import { buyItNow } from "../../api/buy-now.ts";
import { orderQueries } from "../../api/queries.ts";
import { CheckoutLayout } from "./checkout-layout.tsx";
import { CheckoutSteps } from "./checkout-steps.tsx";
import { toastOrderCreated, toastPaid } from "./checkout-toasts.ts";

/** Buy It Now's checkout: retail less the bids credited, then shipping (which creates the order), then its payment. */
export function BuyNowCheckout({
  auction,
  offer,
  existing,
}: {
  auction: AuctionDetail;
  offer: BuyNowOfferView;
  existing: OrderView | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<OrderView | null>(existing);
  const buy = useMutation({
    mutationFn: (address: ShippingAddress) => buyItNow(auction.id, address),
    meta: { errorToast: { fallback: "Failed to create order" } },
  });
  // Once ordered, the summary shows what the order says (the credit counted at that moment).
  const retail = order?.buyNow?.retailPrice ?? offer.retailPrice ?? "0";
  const bids = order?.buyNow?.bidsCredited ?? offer.bidsPlaced;
  const credit = order?.buyNow?.credit ?? offer.credit;
  const total = order?.finalPrice ?? offer.price ?? retail;

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: orderQueries.buyerOrders().queryKey });
    navigate(paths.orders.getHref());
  };
  const onPaid = () => {
    toastPaid();
    finish();
  };
  const submitShipping = (address: ShippingAddress) =>
    buy.mutate(address, {
      onSuccess: (created) => {
        void queryClient.invalidateQueries({ queryKey: orderQueries.buyerOrders().queryKey });
        if (created.paymentStatus === "paid") {
          // Bids worth the whole retail price: nothing to pay.
          toast({
            variant: "success",
            title: "Order placed",
            description: "Your bids covered the whole price.",
          });
          finish();
          return;
        }
        toastOrderCreated();
        setOrder(created);
      },
    });

  return (
    <CheckoutLayout
      description="Buy It Now: the retail price less the bids you spent"
      auction={auction}
      lines={[
        { label: "Retail price", value: formatPrice(retail) },
        {
          label: `Credit for your ${bids} ${bids === 1 ? "bid" : "bids"}`,
          value: `−${formatPrice(credit)}`,
        },
      ]}
      total={total}
    >
      <CheckoutSteps
        paid={order?.paymentStatus === "paid"}
        orderId={order?.id ?? null}
        shipTo={order ?? null}
        amount={total}
        busy={buy.isPending}
        error={buy.error}
        onShipping={submitShipping}
        onPaid={onPaid}
      />
    </CheckoutLayout>
  );
}
