/**
 * A won auction's economics, worked out once as it ends (docs/decisions.md, "Economics at the end"):
 * one Query of its bidders' tallies, one BatchGet of what they paid for credits and the spot prices,
 * kept on the auction by the update that ends it. Every later read only formats them.
 */
import { isSpotMetal, meltValueCentsOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { BidderSpend, Economics } from "#shared/schemas/auctions";
import { type AuctionRecord, winnerSpendOf } from "../../adapters/dynamo/auctions-repo.ts";
import { listBidderTallies } from "../../adapters/dynamo/buy-now-repo.ts";
import { readPaidCreditsOf } from "../../adapters/dynamo/paid-credits-repo.ts";
import { bidValueCents } from "../../config/runtime.ts";
import { bidsAtEnd, type EndEconomics, economicsOf } from "../../domain/economics.ts";
import { NO_PAID_CREDITS } from "../../domain/paid-bids.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";

/** `winnerId` won `auction`: the economics its ending update keeps. */
export async function endEconomics(
  auction: AuctionRecord,
  winnerId: string,
  now: number,
): Promise<EndEconomics> {
  const [tallies, spot] = await Promise.all([listBidderTallies(auction.id), freshSpotPrices(now)]);
  const paid = await readPaidCreditsOf(tallies.map((tally) => tally.userId));
  const bids = bidsAtEnd(
    tallies.map((tally) => ({ ...tally, paid: paid.get(tally.userId) ?? NO_PAID_CREDITS })),
    winnerId,
    bidValueCents(),
  );
  const { metalType } = auction.product;
  const price = isSpotMetal(metalType) ? spot[metalType] : undefined;
  const melt = price ? meltValueCentsOf(auction.product, price.centsPerOz) : null;
  return { ...bids, ...(melt === null ? {} : { meltValueAtEndCents: melt }) };
}

/** `{ economics }` to spread into a payload of a won auction, or nothing. */
export function economicsField(auction: AuctionRecord): { economics?: Economics } {
  const economics = economicsOf(auction);
  if (!economics) return {};
  return {
    economics: {
      bids: economics.bids,
      bidsValue: centsToDecimal(economics.bidsValueCents),
      finalPrice: centsToDecimal(economics.finalPriceCents),
      collected: centsToDecimal(economics.collectedCents),
      retailPrice: economics.retailPriceCents === null ? null : centsToDecimal(economics.retailPriceCents),
      meltValue: economics.meltValueCents === null ? null : centsToDecimal(economics.meltValueCents),
    },
  };
}

/**
 * A won auction's bids for its winner and its all-in cost, as its end fixed them: what My Wins, the
 * detail's `me`, Recent winners and the order all say, however the winner's average moves later.
 */
export function winnerAllInOf(won: AuctionRecord): { me: BidderSpend; allInCostCents: number } {
  const spent = winnerSpendOf(won);
  return {
    me: { bidsPlaced: spent.bids, bidsValue: centsToDecimal(spent.valueCents) },
    allInCostCents: won.priceCents + spent.valueCents,
  };
}
