/** npm run migrate:economics: a won auction without economics gets them, worked out as at its end. */
import { describe, expect, it } from "vitest";
import type { AuctionDetail, EndedAuctionsPage } from "#shared/schemas/auctions";
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

  it("fixes the winner's bids and their value on a win that lacks them; until then the win reads as corrupt", async () => {
    const seller = await signUp("seller");
    const ann = await signUp("buyer", 0);
    await givePaidCredits(ann.id, 10, 400);
    const bob = await signUp("buyer", 10);
    const auction = await auctionWithBids({ seller, bidders: [ann, bob, ann] });
    expect((await detail(auction.id)).status).toBe("won");
    const key = keys.auction(auction.id);
    const { winnerBids: _bids, winnerBidsValueCents: _value, ...stored } = (await readItem(key))!;
    await putItem(stored);
    const winners = () => invokeRoute<EndedAuctionsPage>({ method: "GET", path: "/api/auctions/ended" });
    // No fallback to the winner's average now: the item is corrupt until migrated.
    expect((await winners()).status).toBe(500);

    expect(await migrateAuctionEconomics(true)).toBe(1);
    expect(await readItem(key)).not.toHaveProperty("winnerBidsValueCents");
    expect(await migrateAuctionEconomics(false)).toBe(1);
    // Ann's two bids at 40 cents; her rival's one, given, leaves the auction's total the same.
    expect(await readItem(key)).toMatchObject({
      winnerBids: 2,
      winnerBidsValueCents: 80,
      bidsValueCents: 80,
    });
    const shown = (await winners()).body.items.find((item) => item.id === auction.id);
    expect(shown).toMatchObject({ winnerBids: 2, allInCost: "5.83" });
    expect(await migrateAuctionEconomics(false)).toBe(0);
  });
});
