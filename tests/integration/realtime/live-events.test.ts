/**
 * What only the `events` transport has: wildcard channels, and a publish the Event API refuses.
 * The subscriber is written from AWS's protocol description (tests/support/appsync-events-client.ts).
 * What a watcher receives of bids and ends, over both transports: live-handoff.test.ts.
 */
import type { Context } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { installLiveHandoff } from "../../../functions/adapters/realtime/handoff-from-env.ts";
import { eventHandlers } from "../../../functions/routes.ts";
import { type HandlerLoader, loadHandler } from "../../../scripts/local/handlers.ts";
import { createLocalLiveHandoff } from "../../../scripts/local/live-handoff.ts";
import { bidOn, getItem, liveAuction, testUser } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import { eventsWatcher, holdStream, statesOf, streamGatedLoader, useWatchers } from "./fixtures.ts";

useFreshTable("auction-live-events");
const local = useLocalGateway({ streams: true, events: true, loader: streamGatedLoader });

afterEach(() => installLiveHandoff(local.live ?? null));

const deliveredBy = async (auctionId: string) =>
  (await getItem(keys.liveDelivery(auctionId)))?.deliveredBy as string | undefined;

describe("the events transport", () => {
  const { watch } = useWatchers(local, "events");

  it("delivers every auction's states to a subscriber of /auctions/*", async () => {
    const [{ auction: a }, { auction: b }] = await Promise.all([liveAuction(), liveAuction()]);
    const everything = await eventsWatcher(local, "/auctions/*");
    const buyer = await testUser("buyer", 3);
    expect((await bidOn(buyer, a.id)).status).toBe(200);
    expect((await bidOn(buyer, b.id)).status).toBe(200);
    await everything.settle();
    everything.close();
    expect(statesOf(everything, a.id)).toEqual(["bid_placed 1"]);
    expect(statesOf(everything, b.id)).toEqual(["bid_placed 1"]);
  });

  it("gives the claim back when the Event API refuses the publish, and the stream publishes it once", async () => {
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 3);
    const watcher = await watch(auction.id);
    // The direct path signs with a key the Event API does not know: 401.
    const badlySigned: HandlerLoader = async (handlerId) => {
      const handler = await loadHandler(handlerId);
      if (!handler || handlerId !== eventHandlers.broadcaster) return handler;
      return async (event: unknown, context: Context) => {
        const secret = process.env.AWS_SECRET_ACCESS_KEY;
        process.env.AWS_SECRET_ACCESS_KEY = "not-the-local-secret";
        try {
          return await handler(event, context);
        } finally {
          process.env.AWS_SECRET_ACCESS_KEY = secret;
        }
      };
    };
    const handoff = createLocalLiveHandoff({ loader: badlySigned, log: () => {} });
    installLiveHandoff(handoff);
    const releaseStream = holdStream();
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await handoff.idle();
    // Given back: the state of rank 2 is no longer marked sent.
    expect((await getItem(keys.liveDelivery(auction.id)))?.delivered).toBeLessThan(2);
    releaseStream();
    await watcher.next((e) => e.totalBids === 1);
    await watcher.settle();
    expect(watcher.messages.map((e) => e.orderKey)).toEqual([2]);
    expect(await deliveredBy(auction.id)).toBe("stream");
  });
});

describe("the websocket transport (no Event API configured)", () => {
  const { watch } = useWatchers(local, "websocket");

  it("posts the bid to the sockets and publishes nothing", async () => {
    const publishedBefore = local.events!.stats().published;
    const { auction } = await liveAuction();
    const watcher = await watch(auction.id);
    const buyer = await testUser("buyer", 3);
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await watcher.next((m) => m.totalBids === 1);
    await watcher.settle();
    expect(local.events!.stats().published).toBe(publishedBefore);
  });
});
