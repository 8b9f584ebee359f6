/** npm run migrate:economics: a won auction without economics gets them, worked out as at its end. */
import { describe, expect, it } from "vitest";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { migrateAuctionEconomics } from "../../../scripts/migrations/auction-economics.ts";
import { givePaidCredits } from "../../support/paid-credits.ts";
import { auctionWithBids, signUp } from "../orders/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { putItem, readItem } from "../support/raw-table.ts";

useFreshTable("migrate-economics");

const detail = async (id: string) =>
  (await invokeRoute<AuctionDetail>({ method: "GET", path: `/api/auctions/${id}` })).body;

describe("auction economics", () => {
  it("completes won auctions that lack them, lists before it writes, and leaves the rest", async () => {
    const seller = await signUp("seller");
    const ann = await signUp("buyer", 0);
    await givePaidCredits(ann.id, 10, 400);
    const bob = await signUp("buyer", 10);
    const auction = await auctionWithBids({ seller, bidders: [ann, bob, ann] });
    expect((await detail(auction.id)).economics?.bidsValue).toBe("0.80");
    // As a win stored before its end kept them.
    const { bidsValueCents: _value, ...stored } = (await readItem(keys.auction(auction.id)))!;
    await putItem(stored);
    expect(await detail(auction.id)).not.toHaveProperty("economics");

    expect(await migrateAuctionEconomics(true)).toBe(1);
    expect(await detail(auction.id)).not.toHaveProperty("economics");
    expect(await migrateAuctionEconomics(false)).toBe(1);
    expect((await detail(auction.id)).economics).toMatchObject({ bids: 3, bidsValue: "0.80" });
    expect(await migrateAuctionEconomics(false)).toBe(0);
  });
});
