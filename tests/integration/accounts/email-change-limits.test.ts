/**
 * PUT /api/me/email mails a link to the address typed, so it is limited (domain/email-change-limits.ts):
 * 3 changes an hour per account and 3 a day per target address; the next one is 429 and sends nothing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { getUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import {
  EMAIL_CHANGE_THROTTLED_MESSAGE,
  EMAIL_CHANGES_PER_ACCOUNT_HOUR,
  EMAIL_CHANGES_PER_TARGET_DAY,
} from "../../../functions/domain/email-change-limits.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { changeEmail, outbox, signedInAccount, uniqueName, useAccountEmails } from "./fixtures.ts";

useFreshTable("email-change-limits");
const emails = useAccountEmails();

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const newAddress = () => `${uniqueName("to")}@example.com`;

/** Starts the clock a minute into the next whole day (so the hour and the day both just began). */
function atStartOfDay() {
  const start = Math.ceil(Date.now() / DAY) * DAY + 60_000;
  vi.useFakeTimers({ toFake: ["Date"], now: start });
  return start;
}

describe("PUT /api/me/email limits", () => {
  it(`allows ${EMAIL_CHANGES_PER_ACCOUNT_HOUR} changes an hour per account; the next is 429, changes nothing and mails nobody`, async () => {
    const start = atStartOfDay();
    const { user, cookie } = await signedInAccount();
    let last = "";
    for (let i = 0; i < EMAIL_CHANGES_PER_ACCOUNT_HOUR; i++) {
      last = newAddress();
      expect((await changeEmail(cookie, last, user.password)).status).toBe(202);
    }
    const refusedAddress = newAddress();
    const refused = await changeEmail(cookie, refusedAddress, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(EMAIL_CHANGE_THROTTLED_MESSAGE);
    expect((await getUser(user.id))?.pendingEmail).toBe(last);
    await emails.settled();
    expect(await outbox(refusedAddress)).toEqual([]);
    expect(await outbox(last)).toHaveLength(1);

    vi.setSystemTime(start + HOUR);
    const next = newAddress();
    expect((await changeEmail(cookie, next, user.password)).status).toBe(202);
    expect((await getUser(user.id))?.pendingEmail).toBe(next);
  });

  it(`allows ${EMAIL_CHANGES_PER_TARGET_DAY} changes a day to one address, whichever accounts ask; a refused one costs its account nothing`, async () => {
    const start = atStartOfDay();
    const target = newAddress();
    for (let i = 0; i < EMAIL_CHANGES_PER_TARGET_DAY; i++) {
      const { user, cookie } = await signedInAccount();
      // Case does not make it another address.
      const typed = i === 1 ? target.toUpperCase() : target;
      expect((await changeEmail(cookie, typed, user.password)).status).toBe(202);
    }
    const { user, cookie } = await signedInAccount();
    const refused = await changeEmail(cookie, target, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(EMAIL_CHANGE_THROTTLED_MESSAGE);
    expect((await getUser(user.id))?.pendingEmail).toBeUndefined();
    await emails.settled();
    expect((await outbox(target)).filter((e) => e.kind === "verify_email")).toHaveLength(
      EMAIL_CHANGES_PER_TARGET_DAY,
    );
    // The refusal was not counted against the account's hour: it still has all of it.
    for (let i = 0; i < EMAIL_CHANGES_PER_ACCOUNT_HOUR; i++) {
      expect((await changeEmail(cookie, newAddress(), user.password)).status).toBe(202);
    }
    // Still refused later that day (a new hour), open again the next day.
    vi.setSystemTime(start + 2 * HOUR);
    expect((await changeEmail(cookie, target, user.password)).status).toBe(429);
    vi.setSystemTime(start + DAY);
    expect((await changeEmail(cookie, target, user.password)).status).toBe(202);
  });
});
