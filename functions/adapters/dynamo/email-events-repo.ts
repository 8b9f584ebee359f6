import { putItem, updateItem } from "./commands.ts";
import { conditionFailed, deleteUnlessRefused, refusingItem, updateUnlessRefused } from "./conditions.ts";
import { keys } from "./keys.ts";

/** Idempotency items outlive every redelivery (a stream keeps records 24 h, the queue 4 days). */
const KEEP_SECONDS = 30 * 24 * 60 * 60;

/** claimed: this delivery sends it; done: it was sent (or deliberately skipped) before; busy: another delivery is sending it now. */
export type EmailClaim = "claimed" | "done" | "busy";

/**
 * Claims an email event before sending it: a conditional put of its EMAILSENT# item. A claim whose
 * sender died is taken over once `leaseMs` has passed, so a crash never loses the email for good.
 */
export async function claimEmailEvent(eventKey: string, now: number, leaseMs: number): Promise<EmailClaim> {
  try {
    await putItem({
      Item: {
        ...keys.emailEvent(eventKey),
        type: "emailEvent",
        state: "sending",
        claimedAt: now,
        expiresAt: Math.floor(now / 1000) + KEEP_SECONDS,
      },
      ConditionExpression: "attribute_not_exists(pk) OR (#state = :sending AND claimedAt < :stale)",
      ExpressionAttributeNames: { "#state": "state" },
      ExpressionAttributeValues: { ":sending": "sending", ":stale": now - leaseMs },
      ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    });
    return "claimed";
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    return refusingItem(error)?.state?.S === "sending" ? "busy" : "done";
  }
}

/** The event is settled: sent, or skipped on purpose (the outbid window); later deliveries do nothing. */
export async function settleEmailEvent(
  eventKey: string,
  outcome: "sent" | "skipped",
  now: number,
): Promise<void> {
  await updateItem({
    Key: keys.emailEvent(eventKey),
    UpdateExpression: "SET #state = :outcome, settledAt = :now",
    ExpressionAttributeNames: { "#state": "state" },
    ExpressionAttributeValues: { ":outcome": outcome, ":now": now },
  });
}

/** A send failed: give the claim back so the retry sends it. */
export async function releaseEmailEvent(eventKey: string): Promise<void> {
  await deleteUnlessRefused({
    Key: keys.emailEvent(eventKey),
    ConditionExpression: "#state = :sending",
    ExpressionAttributeNames: { "#state": "state" },
    ExpressionAttributeValues: { ":sending": "sending" },
  });
}

/**
 * Takes the outbid window of (auction, user) for an event at `at`: allowed when no outbid email went
 * at or after `cutoff`, or when this very event holds it (a retry of a failed send). One conditional
 * update, so two events racing for the window cannot both take it.
 */
export async function takeOutbidWindow(input: {
  auctionId: string;
  userId: string;
  eventKey: string;
  at: number;
  cutoff: number;
}): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.outbidEmailWindow(input.auctionId, input.userId),
    UpdateExpression: "SET #type = :type, lastAt = :at, eventKey = :key, expiresAt = :expires",
    ConditionExpression: "attribute_not_exists(pk) OR lastAt <= :cutoff OR eventKey = :key",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: {
      ":type": "outbidEmailWindow",
      ":at": input.at,
      ":key": input.eventKey,
      ":cutoff": input.cutoff,
      ":expires": Math.floor(input.at / 1000) + KEEP_SECONDS,
    },
  });
}
