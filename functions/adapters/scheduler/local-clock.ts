import { type AuctionClock, type AuctionEndPayload, scheduleName } from "./auction-clock.ts";

/**
 * The local stand-in for EventBridge Scheduler (scripts/local/clock.ts): `POST {url}/@schedules
 * {name, at, payload}` makes the local stack invoke the closer with `payload` at `at`.
 */
export function localClock(baseUrl: string): AuctionClock {
  const url = `${baseUrl.replace(/\/$/, "")}/@schedules`;
  return {
    async scheduleEnd(auctionId, endsAt, options) {
      const payload: AuctionEndPayload = { auctionId };
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: scheduleName(auctionId, endsAt, options?.rearmedAt),
          at: new Date(endsAt).toISOString(),
          payload,
        }),
      });
      if (!response.ok) {
        throw new Error(`local clock refused the schedule: ${response.status} ${await response.text()}`);
      }
    },
  };
}
