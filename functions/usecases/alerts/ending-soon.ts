/**
 * Ending-soon alerts (docs/product.md, Alerts): every minute, for each live auction ending within the
 * longest threshold, its followers (one Query of that auction's watchlist partition: its watchers, and
 * the bidders who asked for alerts on auctions they bid on) who have not had the alert yet and whose
 * own threshold it has crossed get one email event on the email queue. The
 * sender decides from there as for every email (the user's choice, the address), so the alert goes
 * through the same checks as outbid and won.
 */
import { listLiveAuctionsEndingBy } from "../../adapters/dynamo/auctions-repo.ts";
import { getStoredNotificationSettingsOf } from "../../adapters/dynamo/notification-settings-repo.ts";
import { claimEndingSoonAlert, listWatchers, type Watcher } from "../../adapters/dynamo/watchlist-repo.ts";
import { emailQueue } from "../../adapters/email/email-queue.ts";
import { ENDING_SOON_LOOKAHEAD_MS, endingSoonDue, endingSoonEvent } from "../../domain/alerts.ts";
import { notificationSettingsOf } from "../../domain/notifications.ts";

/** Each follower's entries, watchlist first: a user who both watches and bid on the auction is one person. */
function byUser(followers: readonly Watcher[]): Map<string, Watcher[]> {
  const users = new Map<string, Watcher[]>();
  for (const follower of followers) {
    const entries = users.get(follower.userId) ?? [];
    if (follower.via === "watchlist") entries.unshift(follower);
    else entries.push(follower);
    users.set(follower.userId, entries);
  }
  return users;
}

/** Queues the ending-soon alerts due at `now`; returns how many were queued. */
export async function sweepEndingSoonAlerts(now: number): Promise<number> {
  const auctions = (await listLiveAuctionsEndingBy(now + ENDING_SOON_LOOKAHEAD_MS)).filter(
    (auction) => auction.status === "active" && auction.endsAt > now,
  );
  let queued = 0;
  for (const auction of auctions) {
    const waiting = [...byUser(await listWatchers(auction.id))].filter(
      ([, entries]) => !entries.some((entry) => entry.endingSoonAlerted),
    );
    if (waiting.length === 0) continue;
    const stored = await getStoredNotificationSettingsOf(waiting.map(([userId]) => userId));
    for (const [userId, entries] of waiting) {
      if (!stored.has(userId)) continue;
      const settings = notificationSettingsOf(stored.get(userId));
      // A bid follower is alerted only while they still ask for it: turning it off stops the alerts.
      const first = entries.find((entry) => entry.via === "watchlist" || settings.alertsForBidAuctions);
      if (!first || !endingSoonDue(auction.endsAt, now, settings.endingSoonMinutes)) continue;
      // Marked before queueing: a sweep that dies between the two loses one alert rather than
      // sending it twice (the sender's idempotency key would also stop a second send).
      if (!(await claimEndingSoonAlert(auction.id, first, now))) continue;
      // The user's other entry is marked too, so neither unwatching nor a setting changed later
      // makes the same auction alert them again.
      for (const entry of entries) if (entry !== first) await claimEndingSoonAlert(auction.id, entry, now);
      const event = endingSoonEvent(
        { id: auction.id, productName: auction.product.name, priceCents: auction.priceCents },
        userId,
        settings.endingSoonMinutes,
        now,
      );
      await emailQueue().enqueue([event]);
      queued += 1;
    }
  }
  return queued;
}
