/**
 * THE BID STORM: 40 buyers with 30 credits each bid concurrently on one auction until it
 * ends, while readers poll it and a closer keeps trying to end it. Then every invariant of docs/architecture.md
 * section 7 must hold.
 */
import { describe, expect, it } from "vitest";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { endsAtAfterBid } from "../../../functions/domain/bidding.ts";
import { closeAuction } from "../../../functions/usecases/auctions/close-auction.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  anonymous,
  auctionEndings,
  bidItems,
  bidOn,
  getItem,
  liveAuction,
  recordingClock,
  sleep,
  type TestUser,
  testUser,
} from "./fixtures.ts";

useFreshTable("auction-storm");

const BUYERS = 40;
const CREDITS = 30;
const STARTING_PRICE_CENTS = 100;
/** Short, so the auction ends soon after the credits run out; the rule is the same as with 10 s. */
const EXTENSION_SECONDS = 2;

interface BidderLog {
  accepted: number;
  statuses: Map<number, number>;
  messages: Set<string>;
}

async function bidUntilItEnds(buyer: TestUser, auctionId: string): Promise<BidderLog> {
  const log: BidderLog = { accepted: 0, statuses: new Map(), messages: new Set() };
  for (;;) {
    const res = await bidOn(buyer, auctionId);
    log.statuses.set(res.status, (log.statuses.get(res.status) ?? 0) + 1);
    const message = (res.body as { message?: string }).message;
    if (message) log.messages.add(`${res.status} ${message}`);
    if (res.status === 200) log.accepted++;
    else if (res.status === 402 || res.status === 400)
      return log; // out of credits, or over
    else if (res.status === 409)
      await sleep(50 + Math.random() * 50); // leading: let others bid
    else if (res.status !== 503) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

describe("the bid storm", () => {
  it(`${BUYERS} buyers × ${CREDITS} credits on one auction: no credit or bid lost, one winner`, async () => {
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => testUser("buyer", CREDITS)));
    const { auction } = await liveAuction({
      durationSeconds: 3,
      extensionSeconds: EXTENSION_SECONDS,
      startingPriceCents: STARTING_PRICE_CENTS,
    });
    const started = Date.now();

    let stormOver = false;
    // Readers and a closer race the bids the whole time: each may finalize the auction at its end.
    const readers = Array.from({ length: 2 }, async () => {
      while (!stormOver) {
        const res = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
        expect(res.status).toBe(200);
        await sleep(200);
      }
    });
    const clock = recordingClock();
    const closer = (async () => {
      while (!stormOver) {
        await closeAuction(auction.id, Date.now(), clock);
        await sleep(250);
      }
    })();

    const logs = await Promise.all(buyers.map((buyer) => bidUntilItEnds(buyer, auction.id)));
    stormOver = true;
    await Promise.all([...readers, closer]);
    const elapsed = Date.now() - started;

    // Make sure it is finished (a final read, as any visitor would).
    const final = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    const stored = (await getItem(keys.auction(auction.id)))!;
    const bids = (await bidItems(auction.id)).sort((a, b) => (a.sk as string).localeCompare(b.sk as string));
    const n = stored.totalBids as number;
    const accepted = logs.reduce((sum, log) => sum + log.accepted, 0);

    // Nothing ever answered 500, and every refusal was one of the documented ones.
    const messages = new Set(logs.flatMap((log) => [...log.messages]));
    for (const message of messages) {
      expect(message).toMatch(
        /^(402 Insufficient bid credits|400 Auction has ended|409 You are already the highest bidder|503 .+)$/,
      );
    }

    // Every accepted bid cost exactly one credit: credits spent = totalBids = bid items = 200 answers.
    const balances = await Promise.all(
      buyers.map(async (b) => (await getItem(keys.user(b.id)))?.bidBalance as number),
    );
    const spent = balances.reduce((sum, balance) => sum + (CREDITS - balance), 0);
    expect(n).toBeGreaterThan(BUYERS);
    expect(spent).toBe(n);
    expect(bids).toHaveLength(n);
    expect(accepted).toBe(n);
    buyers.forEach((buyer, i) => {
      const own = bids.filter((bid) => bid.userId === buyer.id).length;
      expect(CREDITS - balances[i]!).toBe(own);
      expect(own).toBe(logs[i]!.accepted);
    });

    // Bids are numbered 1..n with no gap, each one cent above the last; price = start + 0.01 × n.
    expect(bids.map((bid) => bid.sequence)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(bids.map((bid) => bid.sk)).toEqual(bids.map((_, i) => `BID#${String(i + 1).padStart(10, "0")}`));
    expect(bids.map((bid) => bid.amountCents)).toEqual(bids.map((_, i) => STARTING_PRICE_CENTS + i + 1));
    expect(stored.priceCents).toBe(STARTING_PRICE_CENTS + n);
    expect(final.body.currentPrice).toBe(((STARTING_PRICE_CENTS + n) / 100).toFixed(2));

    // No bid at or after the end in force when it was placed; replaying the rule gives the final end.
    let endsAt = auction.endsAt;
    for (const bid of bids) {
      const at = Date.parse(bid.createdAt as string);
      expect(at).toBeLessThan(endsAt);
      endsAt = endsAtAfterBid(endsAt, at, EXTENSION_SECONDS);
    }
    expect(stored.endsAt).toBe(endsAt);
    // Nobody outbid themselves.
    for (let i = 1; i < bids.length; i++) expect(bids[i]!.userId).not.toBe(bids[i - 1]!.userId);

    // Exactly one winner: the author of bid n, recorded by exactly one ending.
    const last = bids.at(-1)!;
    expect(stored).toMatchObject({
      status: "won",
      winnerId: last.userId,
      gsi3pk: `USER#${last.userId}#WINS`,
    });
    expect(final.body).toMatchObject({ status: "won", winner: { username: last.username }, totalBids: n });
    expect(await auctionEndings(auction.id)).toHaveLength(1);

    const retried = logs.reduce((sum, log) => sum + (log.statuses.get(503) ?? 0), 0);
    console.log(
      `bid storm: ${n} bids in ${(elapsed / 1000).toFixed(1)} s (${(n / (elapsed / 1000)).toFixed(0)}/s), ` +
        `${retried} busy (503) answers, ${balances.filter((b) => b === 0).length} buyers spent out`,
    );
  }, 150_000); // About 30 s on an idle 2-core machine; the margin is for a machine busy with other work.
});
