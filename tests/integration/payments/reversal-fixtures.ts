/** A won auction's order, paid with the local provider's test card: what a refund or dispute then reverses. */
import { expect } from "vitest";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { auctionWithBids, orderAsWinner, payOrder, signUp } from "../orders/fixtures.ts";

export async function wonOrderPaid() {
  const seller = await signUp("seller");
  const buyer = await signUp();
  const auction = await auctionWithBids({ seller, bidders: [buyer], startingPriceCents: 1500 });
  const created = await orderAsWinner(buyer, auction.id);
  expect(created.status).toBe(200);
  const intentId = await payOrder(buyer, created.body.id);
  const amountCents = (await localPaymentGateway().retrievePaymentIntent(intentId))!.amountCents;
  return { seller, buyer, order: created.body, intentId, amountCents };
}
