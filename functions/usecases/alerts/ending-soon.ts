/**
 * Ending-soon alerts (docs/product.md, Alerts): every minute, for each live auction ending within the
 * longest threshold, its watchers (one Query of that auction's watchlist partition) who have not had
 * the alert yet and whose own threshold it has crossed get one email event on the email queue. The
 * sender decides from there as for every email (the user's choice, the address), so the alert goes
 * through the same checks as outbid and won.
 */
import { listLiveAuctionsEndingBy } from "../../adapters/dynamo/auctions-repo.ts";
import { getStoredNotificationSettingsOf } from "../../adapters/dynamo/notification-settings-repo.ts";
import { claimEndingSoonAlert, listWatchers } from "../../adapters/dynamo/watchlist-repo.ts";
import { emailQueue } from "../../adapters/email/email-queue.ts";
import { ENDING_SOON_LOOKAHEAD_MS, endingSoonDue, endingSoonEvent } from "../../domain/alerts.ts";
import { notificationSettingsOf } from "../../domain/notifications.ts";

/** Queues the ending-soon alerts due at `now`; returns how many were queued. */
export async function sweepEndingSoonAlerts(now: number): Promise<number> {
  const auctions = (await listLiveAuctionsEndingBy(now + ENDING_SOON_LOOKAHEAD_MS)).filter(
    (auction) => auction.status === "active" && auction.endsAt > now,
  );
  let queued = 0;
  for (const auction of auctions) {
    const waiting = (await listWatchers(auction.id)).filter((watcher) => !watcher.endingSoonAlerted);
    if (waiting.length === 0) continue;
    const stored = await getStoredNotificationSettingsOf(waiting.map((watcher) => watcher.userId));
    for (const { userId } of waiting) {
      if (!stored.has(userId)) continue;
      const minutes = notificationSettingsOf(stored.get(userId)).endingSoonMinutes;
      if (!endingSoonDue(auction.endsAt, now, minutes)) continue;
      // Marked before queueing: a sweep that dies between the two loses one alert rather than
      // sending it twice (the sender's idempotency key would also stop a second send).
      if (!(await claimEndingSoonAlert(auction.id, userId, now))) continue;
      const event = endingSoonEvent(
        { id: auction.id, productName: auction.product.name, priceCents: auction.priceCents },
        userId,
        minutes,
        now,
      );
      await emailQueue().enqueue([event]);
      queued += 1;
    }
  }
  return queued;
}
