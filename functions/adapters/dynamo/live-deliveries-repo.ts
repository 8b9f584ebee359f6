/**
 * What the broadcaster last sent an auction's watchers: item `WATCH#<auctionId>` / `DELIVERED` with the
 * rank of that state (functions/domain/realtime-messages.ts deliveryRank). A bid's state reaches the
 * broadcaster twice, by the direct hand-off and by the table's stream; whichever claims it first sends
 * it, the other finds it claimed and sends nothing.
 */
import { getItem } from "./commands.ts";
import { updateUnlessRefused } from "./conditions.ts";
import { keys } from "./keys.ts";

/** Far longer than the stream keeps a record the broadcaster would act on (a minute). */
const DELIVERY_TTL_SECONDS = 24 * 60 * 60;

export type DeliveryPath = "direct" | "stream";

/**
 * The rank last claimed for `auctionId` (0 when none): spares the stream the connection lists of a
 * state already sent. Strongly consistent: a stale read could still show a claim given back
 * (releaseDelivery), and the state would be skipped by the retry meant to send it.
 */
export async function deliveredRank(auctionId: string): Promise<number> {
  const { Item } = await getItem({
    Key: keys.liveDelivery(auctionId),
    ProjectionExpression: "delivered",
    ConsistentRead: true,
  });
  return typeof Item?.delivered === "number" ? Item.delivered : 0;
}

/** True when this caller may send the state of `rank`: nothing of that rank or later was claimed before. */
export async function claimDelivery(
  auctionId: string,
  rank: number,
  by: DeliveryPath,
  now: number,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.liveDelivery(auctionId),
    UpdateExpression:
      "SET #type = :type, delivered = :rank, deliveredBy = :by, deliveredAt = :at, expiresAt = :exp",
    ConditionExpression: "attribute_not_exists(delivered) OR delivered < :rank",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: {
      ":type": "liveDelivery",
      ":rank": rank,
      ":by": by,
      ":at": now,
      ":exp": Math.floor(now / 1000) + DELIVERY_TTL_SECONDS,
    },
  });
}

/**
 * Gives back a claim of `rank` whose state could not be sent (the lists of its watchers failed), so the
 * stream's retry or the other path may send it; older states stay marked sent (this one supersedes
 * them). Nothing happens if a later state was claimed meanwhile.
 */
export async function releaseDelivery(auctionId: string, rank: number): Promise<void> {
  await updateUnlessRefused({
    Key: keys.liveDelivery(auctionId),
    UpdateExpression: "SET delivered = :before",
    ConditionExpression: "delivered = :rank",
    ExpressionAttributeValues: { ":rank": rank, ":before": rank - 1 },
  });
}
