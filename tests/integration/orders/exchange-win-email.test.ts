/**
 * The exchange's confirmation email, through the real handlers and the email pipeline as `npm run dev`
 * runs it (stream poller, table-changes consumer, email queue, sender): the winner who exchanged a
 * win for its bids gets one account email saying the win of the item was exchanged and how many bids
 * came back, and no payment-expired notice; the seller gets theirs, in words that say the winner gave
 * it up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExchangeWinResponse } from "#shared/schemas/orders";
import { outbox } from "../accounts/fixtures.ts";
import { type EmailPipeline, startEmailPipeline } from "../support/email-pipeline.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { auctionWithBids, signUp, wonAuctions } from "./fixtures.ts";

const table = useFreshTable("exchange-email");
let pipeline: EmailPipeline;
beforeAll(async () => {
  pipeline = await startEmailPipeline(table);
});
afterAll(() => pipeline?.stop());

/** Every change so far has reached the stream consumer and every queued email has been sent. */
const settled = async () => {
  await pipeline.poller.drain();
  await pipeline.queue.idle();
};

describe("the exchange's confirmation email", () => {
  it("tells the winner the win of the item was exchanged and N bids returned, once", async () => {
    const seller = await signUp("seller");
    const ann = await signUp();
    const bob = await signUp();
    const won = await auctionWithBids({ seller, bidders: [ann, bob, ann] });
    await wonAuctions(ann);

    const res = await ann.call<ExchangeWinResponse>({
      method: "POST",
      path: `/api/auctions/${won.id}/exchange`,
    });
    expect(res.status).toBe(200);
    expect(res.body.returned).toBe(2);
    await settled();

    const mails = await outbox(ann.email);
    const confirmations = mails.filter((e) => e.kind === "win_exchanged");
    expect(confirmations).toHaveLength(1);
    const [mail] = confirmations;
    expect(mail!.subject).toBe(`You exchanged ${won.product.name} for 2 bids`);
    expect(mail!.text).toContain(
      `Your win of ${won.product.name} was exchanged: 2 bids returned to your balance`,
    );
    expect(mail!.text).toContain("/my-wins");
    // Branded like every account email.
    expect(mail!.html).toContain("<html");
    // The winner chose it: no expiry notice on top.
    expect(mails.filter((e) => e.kind === "payment_expired")).toEqual([]);
  });
});
