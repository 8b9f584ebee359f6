/** A won auction's order, paid with the local provider's test card: what a refund or dispute then reverses. */
import { expect } from "vitest";
import { TEST_CARDS } from "#shared/payments";
import type { OrderPaymentIntentResponse, OrderView } from "#shared/schemas/orders";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { auctionWithBids, shippingAddress, signUp } from "../orders/fixtures.ts";

export async function wonOrderPaid() {
  const seller = await signUp("seller");
  const buyer = await signUp();
  const auction = await auctionWithBids({ seller, bidders: [buyer], startingPriceCents: 1500 });
  const created = await buyer.call<OrderView>({
    method: "POST",
    path: "/api/orders",
    body: { auctionId: auction.id, ...shippingAddress },
  });
  expect(created.status).toBe(200);
  const intent = await buyer.call<OrderPaymentIntentResponse>({
    method: "POST",
    path: `/api/orders/${created.body.id}/payment-intent`,
  });
  const intentId = intent.body.paymentIntentId;
  expect(
    (
      await buyer.call({
        method: "POST",
        path: `/api/dev/payments/${intentId}/confirm`,
        body: { cardNumber: TEST_CARDS.succeeds },
      })
    ).status,
  ).toBe(200);
  const amountCents = (await localPaymentGateway().retrievePaymentIntent(intentId))!.amountCents;
  return { seller, buyer, order: created.body, intentId, amountCents };
}
