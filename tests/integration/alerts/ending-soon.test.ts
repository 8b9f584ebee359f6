/**
 * Ending-soon alerts through the email pipeline as `npm run dev` runs it: the one-minute sweep finds
 * the watchers of auctions near their end, queues one email event per watcher whose threshold
 * (`endingSoonMinutes`, default 5) the auction has crossed, and the sender mails it unless the user
 * turned the alert off. Once per auction and user, whatever the clock does afterwards; found by the
 * auction's watchers, never by a scan.
 */
import { describe, expect, it } from "vitest";
import { sweepEndingSoonAlerts } from "../../../functions/usecases/alerts/ending-soon.ts";
import { createLocalAlertSweep } from "../../../scripts/local/alert-sweep.ts";
import { SPECIFIED_NOTIFICATION_DEFAULTS } from "../../support/notification-defaults.ts";
import { liveAuction, type TestUser, testUser } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { commandsSentBy, MINUTE, useAlertEmails } from "./fixtures.ts";

useFreshTable("ending-soon");

const { endingSoonEmails, expectOneDefaultAlert } = useAlertEmails();

async function watching(user: TestUser, auctionId: string) {
  expect((await user.call({ method: "PUT", path: `/api/me/watchlist/${auctionId}` })).status).toBe(200);
}

async function setMinutes(user: TestUser, endingSoonMinutes: number, endingSoon = true) {
  const res = await user.call({
    method: "PUT",
    path: "/api/me/notifications",
    body: { outbid: true, won: true, marketing: true, endingSoon, endingSoonMinutes },
  });
  expect(res.status).toBe(200);
}

describe("ending-soon alerts", () => {
  it("goes once when the auction first has at most 5 minutes left (the default), never again", async () => {
    const user = await testUser();
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    await watching(user, auction.id);

    const sent = await expectOneDefaultAlert(user, auction);
    expect(sent.text).toContain("5 minutes or less left");
    expect(sent.text).toContain(`http://localhost:5173/auction/${auction.id}`);
  });

  it("follows each user's own threshold", async () => {
    const [early, late] = await Promise.all([testUser(), testUser()]);
    await setMinutes(early, 15);
    await setMinutes(late, 2);
    const { auction } = await liveAuction({ durationSeconds: 20 * 60 });
    await watching(early, auction.id);
    await watching(late, auction.id);

    await sweepEndingSoonAlerts(auction.endsAt - 15 * MINUTE);
    expect(await endingSoonEmails(early)).toHaveLength(1);
    expect(await endingSoonEmails(late)).toEqual([]);
    await sweepEndingSoonAlerts(auction.endsAt - 3 * MINUTE);
    expect(await endingSoonEmails(late)).toEqual([]);
    await sweepEndingSoonAlerts(auction.endsAt - 2 * MINUTE);
    expect(await endingSoonEmails(late)).toHaveLength(1);
    expect(await endingSoonEmails(early)).toHaveLength(1);
  });

  it("goes only to the auction's watchers, and not to one who turned it off", async () => {
    const [watcher, optedOut, bystander] = await Promise.all([testUser(), testUser(), testUser()]);
    await setMinutes(optedOut, 5, false);
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    await watching(watcher, auction.id);
    await watching(optedOut, auction.id);
    await sweepEndingSoonAlerts(auction.endsAt - MINUTE);
    expect(await endingSoonEmails(watcher)).toHaveLength(1);
    expect(await endingSoonEmails(optedOut)).toEqual([]);
    expect(await endingSoonEmails(bystander)).toEqual([]);
  });

  it("nothing for an auction no longer watched, or already over", async () => {
    const user = await testUser();
    const { auction } = await liveAuction({ durationSeconds: 10 * 60 });
    await watching(user, auction.id);
    expect((await user.call({ method: "DELETE", path: `/api/me/watchlist/${auction.id}` })).status).toBe(200);
    await sweepEndingSoonAlerts(auction.endsAt - MINUTE);
    await watching(user, auction.id);
    await sweepEndingSoonAlerts(auction.endsAt + MINUTE);
    expect(await endingSoonEmails(user)).toEqual([]);
  });

  it("the local stack's sweep runs the deployed handler, which reads watchers by key and never scans", async () => {
    const user = await testUser();
    await setMinutes(user, 60);
    const { auction } = await liveAuction({ durationSeconds: 30 * 60 });
    await watching(user, auction.id);
    const sweep = createLocalAlertSweep({ log: () => {} });
    const commands = await commandsSentBy(async () => {
      try {
        await sweep.sweep();
      } finally {
        await sweep.stop();
      }
    });
    expect(commands).not.toContain("ScanCommand");
    expect(await endingSoonEmails(user)).toHaveLength(1);
  });
});

describe("GET/PUT /api/me/notifications with the alert settings", () => {
  it("answers the defaults, keeps alert choices a PUT leaves out, and refuses bad values changing nothing", async () => {
    const user = await testUser();
    const read = () => user.call({ method: "GET", path: "/api/me/notifications" });
    expect((await read()).body).toEqual(SPECIFIED_NOTIFICATION_DEFAULTS);
    const put = (body: unknown) => user.call({ method: "PUT", path: "/api/me/notifications", body });
    const saved = await put({
      outbid: true,
      won: true,
      marketing: false,
      endingSoon: false,
      push: { outbid: false, won: true, endingSoon: true },
      endingSoonMinutes: 10,
    });
    expect(saved.status).toBe(200);
    // The older form's three choices only: the alert choices stay as they were.
    expect((await put({ outbid: false, won: true, marketing: false })).status).toBe(200);
    const expected = {
      outbid: false,
      won: true,
      marketing: false,
      endingSoon: false,
      alertsForBidAuctions: false,
      push: { outbid: false, won: true, endingSoon: true },
      endingSoonMinutes: 10,
    };
    expect((await read()).body).toEqual(expected);

    for (const bad of [
      { outbid: true, won: true, marketing: true, endingSoonMinutes: 0 },
      { outbid: true, won: true, marketing: true, endingSoonMinutes: 61 },
      { outbid: true, won: true, marketing: true, endingSoonMinutes: 2.5 },
      { outbid: true, won: true, marketing: true, push: { outbid: "yes", won: true, endingSoon: true } },
      { outbid: true, won: true, marketing: true, push: { outbid: true } },
      { outbid: true, won: true, marketing: true, sms: true },
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    const minutes = await put({ outbid: true, won: true, marketing: true, endingSoonMinutes: 0 });
    expect(minutes.body).toMatchObject({
      issues: [
        { path: "endingSoonMinutes", message: "endingSoonMinutes must be a whole number from 1 to 60" },
      ],
    });
    expect((await read()).body).toEqual(expected);
  });
});
