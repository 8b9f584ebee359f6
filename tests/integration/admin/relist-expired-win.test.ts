/**
 * An expired win on the admin's list and listed again: the sweep puts a win that expired unpaid on
 * GET /api/admin/auctions/expired (an index, newest first); POST /api/admin/auctions/{id}/relist starts
 * a new live auction of the same product with its settings, under an id derived from the product and
 * the relist number (the first auction's id and ledger stay), takes the win off the list, and answers
 * the same auction when asked again. Anything but an expired win is 409, an unknown id 404.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ExpiredWin } from "#shared/schemas/admin";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { auctionIdForProduct } from "../../../functions/usecases/auctions/start-auction.ts";
import { sweepPaymentDeadlines } from "../../../functions/usecases/orders/payment-deadlines.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { getItem, signUp, type TestUser, wonProduct } from "./fixtures.ts";

useFreshTable("admin-relist");

let admin: TestUser;
beforeAll(async () => {
  admin = await signUp("admin");
});

const expiredList = async () =>
  (await admin.call<ExpiredWin[]>({ method: "GET", path: "/api/admin/auctions/expired" })).body;

const relist = (id: string) =>
  admin.call<AuctionSummary & { message?: string }>({
    method: "POST",
    path: `/api/admin/auctions/${id}/relist`,
  });

describe("listing an expired win again", () => {
  it("lists the expired win and starts a live auction of the same product, once", async () => {
    const { product, auctionId, payBy } = await wonProduct(admin);
    expect((await expiredList()).map((w) => w.id)).not.toContain(auctionId);
    await sweepPaymentDeadlines(payBy);

    const [listed] = (await expiredList()).filter((w) => w.id === auctionId);
    expect(listed).toMatchObject({
      status: "won",
      payBy: new Date(payBy).toISOString(),
      paymentExpiredAt: new Date(payBy).toISOString(),
      product: { name: product.name },
    });
    const ledgerBefore = await getItem({ pk: `BIDS#${auctionId}`, sk: "BID#0000000001" });

    const res = await relist(auctionId);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(auctionIdForProduct(product.id, 1));
    expect(res.body.id).not.toBe(auctionId);
    expect(res.body).toMatchObject({
      status: "active",
      productId: product.id,
      currentPrice: "2.00",
      startingPrice: "2.00",
      totalBids: 0,
      winner: null,
      retailPrice: "39.99",
      product: { name: product.name },
    });
    expect(Date.parse(res.body.endsAt)).toBeGreaterThan(Date.now());
    // The new auction is live on the public list.
    const live = await admin.call<AuctionSummary>({ method: "GET", path: `/api/auctions/${res.body.id}` });
    expect(live.body.status).toBe("active");

    // The expired win keeps its id, status and ledger, and leaves the list.
    expect(await getItem(keys.auction(auctionId))).toMatchObject({
      status: "won",
      relistedAs: res.body.id,
    });
    expect(await getItem({ pk: `BIDS#${auctionId}`, sk: "BID#0000000001" })).toEqual(ledgerBefore);
    expect((await expiredList()).map((w) => w.id)).not.toContain(auctionId);

    // Asked again (a retry): the same auction, nothing new.
    const again = await relist(auctionId);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    // The new auction is not an expired win.
    expect((await relist(res.body.id)).status).toBe(409);
  });

  it("refuses anything but an expired win (409) and an unknown auction (404)", async () => {
    const { auctionId } = await wonProduct(admin);
    const unexpired = await relist(auctionId);
    expect(unexpired.status).toBe(409);
    expect(unexpired.body.message).toBe("Only a win that expired unpaid can be listed again");
    expect(
      await getItem(
        keys.auction(auctionIdForProduct((await getItem(keys.auction(auctionId)))?.productId as string, 1)),
      ),
    ).toBeUndefined();
    expect((await relist("no-such-auction")).status).toBe(404);
  });
});
