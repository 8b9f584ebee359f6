/** Sessions, change of address, export and deletion: what a signed-in user controls of their account. */
import { describe, expect, it } from "vitest";
import type { SessionView, TwoFactorSetupView } from "#shared/schemas/accounts";
import { getUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { ACCOUNT_MESSAGES } from "../../../functions/domain/accounts.ts";
import { totpCode } from "../../../functions/domain/two-factor.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { SPECIFIED_NOTIFICATION_DEFAULTS } from "../../support/notification-defaults.ts";
import { liveAuction } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  changeEmail,
  cookieOf,
  deleteAccount,
  existingAccount,
  followVerificationLink,
  linkToken,
  login,
  me,
  outbox,
  registered,
  signedInAccount,
  uniqueName,
  useAccountEmails,
} from "./fixtures.ts";

useFreshTable("accounts-control");
const emails = useAccountEmails();

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const LAPTOP_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

const sessions = (cookie: string) =>
  invokeRoute<SessionView[]>({ method: "GET", path: "/api/me/sessions", cookies: [cookie] });

describe("sessions", () => {
  it("lists where the user is signed in, masked; ends one, or all but the current one", async () => {
    const user = await existingAccount();
    const phone = cookieOf(
      await login(user.username, user.password, {
        sourceIp: "198.51.100.23",
        headers: { "user-agent": PHONE_UA },
      }),
    );
    const laptop = cookieOf(
      await login(user.username, user.password, {
        sourceIp: "203.0.113.77",
        headers: { "user-agent": LAPTOP_UA },
      }),
    );
    const third = cookieOf(await login(user.username, user.password, { sourceIp: "203.0.113.78" }));

    const listed = await sessions(laptop);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    const byDevice = Object.fromEntries(listed.body.map((s) => [s.device, s]));
    expect(byDevice["Chrome on Android"]).toMatchObject({ current: false, maskedAddress: "198.51.100.x" });
    expect(byDevice["Safari on macOS"]).toMatchObject({ current: true, maskedAddress: "203.0.113.x" });
    expect(JSON.stringify(listed.body)).not.toContain("198.51.100.23");
    for (const s of listed.body) {
      expect(s.id).toMatch(/^[0-9a-f]{24}$/);
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
      expect(Date.parse(s.createdAt ?? "")).not.toBeNaN();
    }

    const phoneId = byDevice["Chrome on Android"]!.id;
    expect(
      (await invokeRoute({ method: "DELETE", path: `/api/me/sessions/${phoneId}`, cookies: [laptop] }))
        .status,
    ).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    // Gone is gone: the same id again is 404.
    expect(
      (await invokeRoute({ method: "DELETE", path: `/api/me/sessions/${phoneId}`, cookies: [laptop] }))
        .status,
    ).toBe(404);

    const others = await invokeRoute<{ ended: number }>({
      method: "DELETE",
      path: "/api/me/sessions",
      cookies: [laptop],
    });
    expect(others.status).toBe(200);
    expect(others.body.ended).toBe(1);
    expect((await me(third)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await sessions(laptop)).body.map((s) => s.current)).toEqual([true]);
  });

  it("cannot end another user's session; a malformed id is 400", async () => {
    const [owner, other] = [await existingAccount(), await existingAccount()];
    const ownerCookie = cookieOf(await login(owner.username, owner.password));
    const otherCookie = cookieOf(await login(other.username, other.password));
    const otherId = (await sessions(otherCookie)).body[0]!.id;
    expect(
      (await invokeRoute({ method: "DELETE", path: `/api/me/sessions/${otherId}`, cookies: [ownerCookie] }))
        .status,
    ).toBe(404);
    expect((await me(otherCookie)).status).toBe(200);
    expect(
      (await invokeRoute({ method: "DELETE", path: "/api/me/sessions/not-an-id", cookies: [ownerCookie] }))
        .status,
    ).toBe(400);
  });

  it("ending the session in hand signs out and clears the cookie", async () => {
    const { cookie } = await signedInAccount();
    const own = (await sessions(cookie)).body[0]!;
    const res = await invokeRoute<{ current: boolean }>({
      method: "DELETE",
      path: `/api/me/sessions/${own.id}`,
      cookies: [cookie],
    });
    expect(res.body.current).toBe(true);
    expect(res.cookies[0]).toMatch(/^sid=;/);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe("change of email address", () => {
  it("takes effect when the new address follows its link; the old one is told at once", async () => {
    const { user, cookie } = await signedInAccount();
    const next = `${uniqueName("new")}@example.com`;

    const res = await changeEmail(cookie, next, user.password);
    expect(res.status).toBe(202);
    expect(res.body.pendingEmail).toBe(next);
    expect((await me(cookie)).body).toMatchObject({
      email: user.email,
      pendingEmail: next,
      emailVerified: true,
    });
    await emails.settled();
    const told = (await outbox(user.email))[0]!;
    expect(told.kind).toBe("email_change_requested");
    expect(told.text).toContain(next);

    expect(
      (
        await invokeRoute({
          method: "POST",
          path: "/api/auth/verify-email",
          body: { token: await linkToken(next, "verify_email", "/verify-email") },
        })
      ).status,
    ).toBe(200);
    const after = (await me(cookie)).body;
    expect(after).toMatchObject({ email: next, emailVerified: true });
    expect(after.pendingEmail).toBeUndefined();
    expect((await login(next, user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    // The old address is free for someone else.
    const username = uniqueName("takes");
    const taken = await invokeRoute({
      method: "POST",
      path: "/api/auth/register",
      body: { username, email: user.email, password: "password-123", role: "buyer" },
    });
    expect(taken.status).toBe(201);
  });

  it("refuses a wrong password (403), an address in use (409) and its own address (400), changing nothing", async () => {
    const [user, other] = [await existingAccount(), await existingAccount()];
    const cookie = cookieOf(await login(user.username, user.password));
    const wrong = await changeEmail(cookie, `${uniqueName("x")}@example.com`, "not-the-password");
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await changeEmail(cookie, other.email.toUpperCase(), user.password)).status).toBe(409);
    expect((await changeEmail(cookie, user.email, user.password)).status).toBe(400);
    expect((await changeEmail(cookie, "not-an-address", user.password)).status).toBe(400);
    const stored = await getUser(user.id);
    expect(stored?.email).toBe(user.email);
    expect(stored?.pendingEmail).toBeUndefined();
  });
});

describe("export", () => {
  it("is one JSON document of the caller's data, with no password hash and no session secret", async () => {
    const user = await registered();
    const res = await invokeRoute<Record<string, unknown>>({
      method: "GET",
      path: "/api/me/export",
      cookies: [user.cookie],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "account",
        "agents",
        "bids",
        "exportedAt",
        "limits",
        "orders",
        "passkeys",
        "payments",
        "pushSubscriptions",
        "referral",
        "sessions",
        "settings",
        "twoFactor",
        "watchlist",
      ].sort(),
    );
    expect(res.body.account).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: false,
    });
    expect(res.body.settings).toEqual({
      notifications: SPECIFIED_NOTIFICATION_DEFAULTS,
    });
    expect((res.body.sessions as SessionView[]).map((s) => s.current)).toEqual([true]);
    expect(res.body.watchlist).toEqual([]);
    expect(res.body.pushSubscriptions).toEqual([]);
    expect(res.body.twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // No invitation code asked for, nobody invited, no free bids.
    expect(res.body.referral).toEqual({
      code: null,
      invited: 0,
      rewarded: 0,
      voucherBids: 0,
      invitedBy: null,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain(user.cookie.split("=")[1]!);
  });

  it("holds the watchlist, the settings as chosen, push endpoints without their keys and whether two-factor is on, never its key or codes", async () => {
    const user = await registered();
    const call = (request: { method: "GET" | "PUT" | "POST"; path: string; body?: unknown }) =>
      invokeRoute<Record<string, unknown>>({ ...request, cookies: [user.cookie] });
    const [{ auction: first }, { auction: second }] = await Promise.all([liveAuction(), liveAuction()]);
    expect((await call({ method: "PUT", path: `/api/me/watchlist/${first.id}` })).status).toBe(200);
    expect((await call({ method: "PUT", path: `/api/me/watchlist/${second.id}` })).status).toBe(200);
    const chosen = { outbid: false, won: true, marketing: false, endingSoon: true, endingSoonMinutes: 12 };
    expect((await call({ method: "PUT", path: "/api/me/notifications", body: chosen })).status).toBe(200);
    // Two-factor needs a verified address and the password again.
    await emails.settled();
    await followVerificationLink(user.email);
    const setup = await invokeRoute<TwoFactorSetupView>({
      method: "POST",
      path: "/api/me/two-factor/setup",
      body: { password: user.password },
      cookies: [user.cookie],
    });
    expect(setup.status).toBe(200);
    const confirmed = await invokeRoute<{ recoveryCodes: string[] }>({
      method: "POST",
      path: "/api/me/two-factor/confirm",
      body: { code: totpCode(setup.body.secret, Date.now()) },
      cookies: [user.cookie],
    });
    expect(confirmed.status).toBe(200);
    const push = {
      endpoint: "https://push.example.com/send/export",
      keys: { p256dh: "B".padEnd(87, "A"), auth: "A".repeat(22) },
    };
    expect((await call({ method: "POST", path: "/api/me/push-subscriptions", body: push })).status).toBe(201);

    const res = await call({ method: "GET", path: "/api/me/export" });
    expect(res.status).toBe(200);
    const watchlist = res.body.watchlist as { auctionId: string; watchedAt: string }[];
    expect(watchlist.map((entry) => entry.auctionId).sort()).toEqual([first.id, second.id].sort());
    for (const entry of watchlist) expect(Date.parse(entry.watchedAt)).not.toBeNaN();
    expect((res.body.settings as { notifications: unknown }).notifications).toMatchObject(chosen);
    expect(res.body.twoFactor).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: confirmed.body.recoveryCodes.length,
    });
    expect((res.body.sessions as SessionView[]).length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(res.body);
    expect(res.body.pushSubscriptions).toEqual([{ endpoint: push.endpoint, createdAt: expect.any(String) }]);
    expect(text).not.toContain(push.keys.auth);
    expect(text).not.toContain(setup.body.secret);
    for (const code of confirmed.body.recoveryCodes) expect(text).not.toContain(code);
  });
});

describe("deletion", () => {
  it("refuses a wrong password and changes nothing", async () => {
    const { user, cookie } = await signedInAccount();
    const res = await deleteAccount(cookie, "not-the-password");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await me(cookie)).status).toBe(200);
    expect((await getUser(user.id))?.deletedAt).toBeUndefined();
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it("erases the personal data, signs out everywhere; the account cannot sign in and its username is never taken again", async () => {
    const { user, cookie } = await signedInAccount();
    const elsewhere = cookieOf(await login(user.username, user.password));
    const res = await deleteAccount(cookie, user.password);
    expect(res.status).toBe(200);
    expect(res.cookies[0]).toMatch(/^sid=;/);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);

    const stored = await getUser(user.id);
    expect(stored).toMatchObject({ username: user.username, email: "", passwordHash: "", bidBalance: 0 });
    expect(stored?.deletedAt).toBeDefined();

    const again = await invokeRoute<{ message?: string }>({
      method: "POST",
      path: "/api/auth/register",
      body: {
        username: user.username.toUpperCase(),
        email: `${uniqueName("x")}@example.com`,
        password: "password-123",
        role: "buyer",
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Username is already taken");
    // Asking for a reset of the erased address reveals nothing and sends nothing.
    expect(
      (await invokeRoute({ method: "POST", path: "/api/auth/forgot-password", body: { email: user.email } }))
        .status,
    ).toBe(202);
    await emails.settled();
    expect((await outbox(user.email)).filter((e) => e.kind === "password_reset")).toEqual([]);
  });
});
