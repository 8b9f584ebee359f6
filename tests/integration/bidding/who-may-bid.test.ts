import { afterEach, describe, expect, it } from "vitest";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { AppConfig } from "#shared/schemas/payments";
import type { ProductView } from "#shared/schemas/seller";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { approvedSeller, signUp, submittedProduct } from "../admin/fixtures.ts";
import { anonymous, bidOn, getItem, liveAuction, testUser } from "../auctions/fixtures.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("fair-play-who-may-bid");

afterEach(() => {
  delete process.env.WIN_LIMIT_WINS;
  delete process.env.WIN_LIMIT_DAYS;
});

/** Makes `winner` win a fresh short auction: one bid, the end passes, a read finishes it. */
async function win(winner: Awaited<ReturnType<typeof testUser>>) {
  const { auction } = await liveAuction({ durationSeconds: 30 });
  expect((await bidOn(winner, auction.id)).status).toBe(200);
  moveClockPast((await getItem(keys.auction(auction.id)))?.endsAt as number);
  const read = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
  expect(read.body.status).toBe("won");
}

describe("beginner auctions", () => {
  it("the admin's approval makes one; a user who has won is refused, a newcomer may bid", async () => {
    const admin = await signUp("admin");
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const approved = await admin.call<ProductView>({
      method: "POST",
      path: `/api/admin/products/${product.id}/approve`,
      body: { durationSeconds: 600, beginner: true },
    });
    expect(approved.status).toBe(200);
    const auctionId = approved.body.auctionId!;
    const detail = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auctionId}` });
    expect(detail.body.beginner).toBe(true);
    const list = await anonymous<AuctionDetail[]>({ method: "GET", path: "/api/auctions" });
    expect(list.body.find((a) => a.id === auctionId)?.beginner).toBe(true);

    const veteran = await testUser("buyer", 10);
    await win(veteran);
    const refused = await bidOn(veteran, auctionId);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Beginner auctions are for bidders who have not won yet" },
    });
    const agent = await veteran.call({
      method: "PUT",
      path: `/api/auctions/${auctionId}/agent`,
      body: { bids: 2 },
    });
    expect(agent).toMatchObject({
      status: 403,
      body: { message: "Beginner auctions are for bidders who have not won yet" },
    });
    expect((await getItem(keys.user(veteran.id)))?.bidBalance).toBe(9);

    const newcomer = await testUser("buyer", 2);
    expect((await bidOn(newcomer, auctionId)).status).toBe(200);
  }, 30_000);

  it("an auction approved without the flag is for everyone", async () => {
    const { auction } = await liveAuction();
    expect(
      (await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` })).body.beginner,
    ).toBe(false);
  });
});

describe("the win limit", () => {
  it("is published in /api/config", async () => {
    process.env.WIN_LIMIT_WINS = "7";
    process.env.WIN_LIMIT_DAYS = "14";
    const config = await anonymous<AppConfig>({ method: "GET", path: "/api/config" });
    expect(config.body.winLimit).toEqual({ wins: 7, days: 14 });
  });

  it("refuses the bids of a user at the limit, saying when they may bid again; others bid on", async () => {
    process.env.WIN_LIMIT_WINS = "2";
    const champion = await testUser("buyer", 10);
    await win(champion);
    const { auction } = await liveAuction();
    expect((await bidOn(champion, auction.id)).status).toBe(200);
    await win(champion);

    const other = await liveAuction();
    const refused = await bidOn(champion, other.auction.id);
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toMatch(
      /^You have won 2 auctions in the last 30 days, the most allowed\. You may bid again from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    const rival = await testUser("buyer", 3);
    expect((await bidOn(rival, other.auction.id)).status).toBe(200);
    process.env.WIN_LIMIT_WINS = "3";
    expect((await bidOn(champion, other.auction.id)).status).toBe(200);
  }, 30_000);
});
