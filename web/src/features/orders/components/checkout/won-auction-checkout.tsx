import { useQueryClient } from "@tanstack/react-query";
import { PayByNote } from "@web/components/pay-by-note.tsx";
import { paths } from "@web/config/paths.ts";
import { winExpired } from "@web/lib/wins.ts";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatPrice } from "#shared/money";
import type { OrderView, ShippingAddress, WonAuction } from "#shared/schemas/orders";
import { useCreateOrder } from "../../api/create-order.ts";
import { orderQueries } from "../../api/queries.ts";
import { CheckoutLayout } from "./checkout-layout.tsx";
import { CheckoutSteps } from "./checkout-steps.tsx";
import { toastOrderCreated, toastPaid } from "./checkout-toasts.ts";

/** The winner's checkout: the final price, then shipping (which creates the order), then its payment. */
export function WonAuctionCheckout({ auction }: { auction: WonAuction }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  // Once an order exists, the page stays on its payment even when the won-auctions list refreshes.
  const [orderId, setOrderId] = useState<string | null>(auction.order?.id ?? null);
  const [created, setCreated] = useState<OrderView | null>(null);
  const paid = auction.order?.paymentStatus === "paid";

  const submitShipping = (address: ShippingAddress) =>
    createOrder.mutate(
      { auctionId: auction.id, ...address },
      {
        onSuccess: (order) => {
          toastOrderCreated();
          setOrderId(order.id);
          setCreated(order);
        },
      },
    );

  const onPaid = () => {
    toastPaid();
    void queryClient.invalidateQueries({ queryKey: orderQueries.buyerOrders().queryKey });
    void queryClient.invalidateQueries({ queryKey: orderQueries.wonAuctions().queryKey });
    navigate(paths.orders.getHref());
  };

  return (
    <CheckoutLayout
      description="Complete your purchase of the item you won"
      auction={auction}
      lines={[{ label: "Final price", value: formatPrice(auction.finalPrice) }]}
      total={auction.finalPrice}
    >
      {!paid && winExpired(auction, Date.now()) ? (
        <div className="md:col-span-3">
          <PayByNote win={auction} />
        </div>
      ) : (
        <CheckoutSteps
          paid={paid}
          orderId={orderId}
          shipTo={created}
          amount={auction.finalPrice}
          busy={createOrder.isPending}
          error={createOrder.error}
          onShipping={submitShipping}
          onPaid={onPaid}
        />
      )}
    </CheckoutLayout>
  );
}
