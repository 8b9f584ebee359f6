/**
 * What every channel of an alert shares (email, Web Push): an event delivered once however often the
 * queue hands it over, and the outbid rule (at most one per auction and user per window).
 */
import {
  claimEmailEvent,
  releaseEmailEvent,
  settleEmailEvent,
  takeOutbidWindow,
} from "../../adapters/dynamo/email-events-repo.ts";
import { type EmailEvent, OUTBID_EMAIL_WINDOW_MS, outbidWindowCutoff } from "../../domain/notifications.ts";

/** A sender that has not settled its claim in this long is presumed dead; a later delivery takes over. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;

/**
 * Runs `deliver` once per `key`: the key's EMAILSENT# item is claimed first (a delivery that finds
 * it settled does nothing: "duplicate"), settled with what `deliver` answered, and given back when it
 * throws so the queue's retry delivers it. A delivery that finds another one at work right now throws,
 * so the queue retries it later rather than dropping it.
 */
export async function deliverOnce(
  key: string,
  now: number,
  deliver: () => Promise<"sent" | "skipped">,
): Promise<"sent" | "skipped" | "duplicate"> {
  const claim = await claimEmailEvent(key, now, CLAIM_LEASE_MS);
  if (claim === "done") return "duplicate";
  if (claim === "busy") throw new Error(`event ${key} is being delivered by another delivery`);
  let outcome: "sent" | "skipped";
  try {
    outcome = await deliver();
  } catch (error) {
    await releaseEmailEvent(key);
    throw error;
  }
  await settleEmailEvent(key, outcome, now);
  return outcome;
}

/**
 * Whether an event may go under the outbid rule: any other kind may; an outbid event takes the
 * (auction, user) window, one for every channel, so the email and the push of the same event both go
 * and a second outbid inside the window goes on neither.
 */
export async function outbidWindowAllows(
  event: EmailEvent,
  userId: string,
  windowMs: number = OUTBID_EMAIL_WINDOW_MS,
): Promise<boolean> {
  if (event.kind !== "outbid" || !event.data.auctionId) return true;
  return takeOutbidWindow({
    auctionId: event.data.auctionId,
    userId,
    eventKey: event.key,
    at: event.at,
    cutoff: outbidWindowCutoff(event.at, windowMs),
  });
}
