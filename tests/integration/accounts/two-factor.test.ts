/** Two-factor sign-in: enrolment, the second login step, recovery codes, the throttle and staff's requirement. */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TwoFactorSetupView, TwoFactorStatusView } from "#shared/schemas/accounts";
import { getTwoFactor } from "../../../functions/adapters/dynamo/two-factor-repo.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { ACCOUNT_MESSAGES } from "../../../functions/domain/accounts.ts";
import { LOGIN_THROTTLED_MESSAGE, MAX_FAILED_PER_IP } from "../../../functions/domain/login-throttle.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { PENDING_LOGIN_MS, TWO_FACTOR_MESSAGES, totpCode } from "../../../functions/domain/two-factor.ts";
import { type ApiRequest, invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { signUp } from "../admin/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  cookieOf,
  deleteAccount,
  existingAccount,
  followVerificationLink,
  login,
  me,
  outbox,
  registered,
  signedInAccount,
  uniqueName,
  useAccountEmails,
} from "./fixtures.ts";

useFreshTable("accounts-two-factor");
const emails = useAccountEmails();

const STEP = 30_000;
/** The start of a code step, 5 seconds in: the test decides which step every code belongs to. */
const stepStart = (at: number) => Math.floor(at / STEP) * STEP + 5_000;
/** The clock the handlers read, moved by the test. */
let clock = 0;
function setClock(at: number) {
  clock = at;
  vi.useFakeTimers({ toFake: ["Date"], now: at });
}
const nextStep = () => setClock(clock + STEP);

afterEach(() => {
  vi.useRealTimers();
  delete process.env.REQUIRE_ADMIN_TWO_FACTOR;
});

const call = <T = { message?: string }>(request: ApiRequest) =>
  invokeRoute<T & { message?: string }>(request);
const status = (cookie: string) =>
  call<TwoFactorStatusView>({ method: "GET", path: "/api/me/two-factor", cookies: [cookie] });
/** The fixtures' accounts sign in with "first-password" (fixtures.ts existingAccount); null sends none. */
const setup = (cookie: string, password: string | null = "first-password") =>
  call<TwoFactorSetupView>({
    method: "POST",
    path: "/api/me/two-factor/setup",
    body: password === null ? {} : { password },
    cookies: [cookie],
  });
const confirm = (cookie: string, code: string) =>
  call<{ recoveryCodes: string[] }>({
    method: "POST",
    path: "/api/me/two-factor/confirm",
    body: { code },
    cookies: [cookie],
  });
const secondStep = (pending: string | undefined, code: string, sourceIp?: string) =>
  call<{ id: string; username: string }>({
    method: "POST",
    path: "/api/auth/login/two-factor",
    body: { code },
    cookies: pending ? [pending] : [],
    ...(sourceIp ? { sourceIp } : {}),
  });

const pendingCookieOf = (res: { cookies: string[] }) => {
  const cookie = res.cookies.find((c) => c.startsWith("pending_login="));
  expect(cookie, "a pending-login cookie").toBeDefined();
  expect(cookie).toContain("HttpOnly");
  return cookie!.split(";")[0]!;
};

/** An admin account (not signed in) whose password is "staff-password". */
async function staffAccount() {
  const username = uniqueName("staff");
  const made = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword("staff-password", passwordParams()),
    role: "admin",
    now: Date.now(),
  });
  return { ...made, password: "staff-password" };
}

/** A signed-in account with two-factor on: its secret, recovery codes and a session cookie. */
async function enrolled(role: "buyer" | "admin" = "buyer") {
  const user = role === "buyer" ? await existingAccount() : await staffAccount();
  setClock(stepStart(Date.now()));
  const cookie = cookieOf(await login(user.username, user.password));
  const started = await setup(cookie, user.password);
  expect(started.status).toBe(200);
  const confirmed = await confirm(cookie, totpCode(started.body.secret, clock));
  expect(confirmed.status).toBe(200);
  return { user, cookie, secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

describe("enrolment", () => {
  it("shows a secret and its otpauth URI, takes a right code after a wrong one, then gives ten recovery codes once", async () => {
    const user = await existingAccount();
    setClock(stepStart(Date.now()));
    const cookie = cookieOf(await login(user.username, user.password));
    expect((await status(cookie)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const started = await setup(cookie);
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(started.body.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(
      started.body.otpauthUri.startsWith(`otpauth://totp/Precious%20Metals%20Auctions:${user.username}?`),
    ).toBe(true);
    expect(uri.searchParams.get("secret")).toBe(started.body.secret);
    expect(uri.searchParams.get("issuer")).toBe("Precious Metals Auctions");

    const right = totpCode(started.body.secret, clock);
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await confirm(cookie, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await status(cookie)).body.enabled).toBe(false);

    const confirmed = await confirm(cookie, right);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect((await status(cookie)).body).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });

    // The secret is never answered again, nor are the recovery codes.
    const again = await setup(cookie);
    expect(again.status).toBe(409);
    expect(JSON.stringify((await status(cookie)).body)).not.toContain(started.body.secret);
    const exported = await call<{ twoFactor: unknown }>({
      method: "GET",
      path: "/api/me/export",
      cookies: [cookie],
    });
    expect(exported.body.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(exported.body)).not.toContain(started.body.secret);
    for (const code of confirmed.body.recoveryCodes)
      expect(JSON.stringify(exported.body)).not.toContain(code);
  });

  it("is refused without a setup waiting, and for anonymous callers", async () => {
    const { cookie } = await signedInAccount();
    const res = await confirm(cookie, "123456");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.noSetup);
    expect((await call({ method: "POST", path: "/api/me/two-factor/setup" })).status).toBe(401);
  });
});

describe("what turning it on takes", () => {
  it("the password again: missing or wrong is 403 and stores no secret", async () => {
    const { user, cookie } = await signedInAccount();
    for (const password of [null, "", "not-the-password"]) {
      const res = await setup(cookie, password);
      expect(res.status, String(password)).toBe(403);
      expect(res.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
      expect(res.body.secret).toBeUndefined();
    }
    expect(await getTwoFactor(user.id)).toBeNull();
  });

  it("a verified address: a registered account must follow its link first", async () => {
    const user = await registered();
    const refused = await setup(user.cookie, user.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.verifyFirst);
    expect(await getTwoFactor(user.id)).toBeNull();
    await emails.settled();
    await followVerificationLink(user.email);
    expect((await setup(user.cookie, user.password)).status).toBe(200);
  });

  it("tells the owner by email, with the device, the time and what to do if it was not them", async () => {
    const { user } = await enrolled();
    await emails.settled();
    const email = (await outbox(user.email)).find((e) => e.kind === "two_factor_enabled");
    expect(email, "a two_factor_enabled email").toBeDefined();
    expect(email!.text).toMatch(
      /turned on from Unknown device on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/,
    );
    expect(email!.text).toContain("If this was not you, reset your password at once");
  });
});

describe("login with two-factor on", () => {
  it("asks for the code: no session until it is right, and a code is good once", async () => {
    const { user, secret } = await enrolled();
    nextStep();
    const first = await login(user.username, user.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect(first.cookies.some((c) => c.startsWith("sid="))).toBe(false);
    const pending = pendingCookieOf(first);

    const code = totpCode(secret, clock);
    const wrong = await secondStep(pending, code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);

    const done = await secondStep(pending, code);
    expect(done.status).toBe(200);
    expect(done.body.username).toBe(user.username);
    const session = cookieOf(done);
    expect(session.startsWith("sid=")).toBe(true);
    expect((await me(session)).status).toBe(200);

    // The pending sign-in is used up, and the same code is refused within its step on a new one.
    expect((await secondStep(pending, code)).status).toBe(400);
    const replay = await secondStep(pendingCookieOf(await login(user.username, user.password)), code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
  });

  it("takes a recovery code once instead of the app's code", async () => {
    const { user, recoveryCodes } = await enrolled();
    const recovery = recoveryCodes[3]!;
    const used = await secondStep(pendingCookieOf(await login(user.username, user.password)), recovery);
    expect(used.status).toBe(200);
    expect(cookieOf(used).startsWith("sid=")).toBe(true);
    const again = await secondStep(pendingCookieOf(await login(user.username, user.password)), recovery);
    expect(again.status).toBe(401);
    expect((await status(cookieOf(used))).body.recoveryCodesLeft).toBe(9);
  });

  it("refuses a pending sign-in that expired, or none at all", async () => {
    const { user, secret } = await enrolled();
    const pending = pendingCookieOf(await login(user.username, user.password));
    setClock(clock + PENDING_LOGIN_MS + STEP);
    const late = await secondStep(pending, totpCode(secret, clock));
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(TWO_FACTOR_MESSAGES.noPendingLogin);
    expect((await secondStep(undefined, totpCode(secret, clock))).status).toBe(400);
  });

  it("counts wrong codes toward the login throttle, and the right password does not clear it", async () => {
    const { user, secret } = await enrolled();
    nextStep();
    const ip = "198.51.100.200";
    const pending = pendingCookieOf(await login(user.username, user.password, { sourceIp: ip }));
    const right = totpCode(secret, clock);
    const wrong = right === "000000" ? "111111" : "000000";
    // The password attempt plus nine wrong codes: the pair's ten free failures.
    for (let i = 0; i < 9; i++) expect((await secondStep(pending, wrong, ip)).status).toBe(401);
    const throttled = await secondStep(pending, right, ip);
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many failed login attempts/);
    // The owner from another address is not locked out.
    const elsewhere = await secondStep(
      pendingCookieOf(await login(user.username, user.password, { sourceIp: "203.0.113.9" })),
      right,
      "203.0.113.9",
    );
    expect(elsewhere.status).toBe(200);
  });

  it("allows an account 20 second-factor guesses an hour, whatever the addresses", async () => {
    const { user, secret } = await enrolled();
    nextStep();
    const right = totpCode(secret, clock);
    const wrong = right === "000000" ? "111111" : "000000";
    const from = (i: number) => `198.51.100.${10 + i}`;
    for (let i = 0; i < 20; i++) {
      const pending = pendingCookieOf(await login(user.username, user.password, { sourceIp: from(i) }));
      expect((await secondStep(pending, wrong, from(i))).status).toBe(401);
    }
    const pending = pendingCookieOf(await login(user.username, user.password, { sourceIp: from(20) }));
    const capped = await secondStep(pending, right, from(20));
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(LOGIN_THROTTLED_MESSAGE);
    // The next hour the owner signs in again.
    setClock(clock + 60 * 60_000);
    const later = pendingCookieOf(await login(user.username, user.password, { sourceIp: from(21) }));
    expect((await secondStep(later, totpCode(secret, clock), from(21))).status).toBe(200);
  }, 300_000);

  it("gives back what the password step reserved: 50 good sign-ins through one address leave it open", async () => {
    const ip = "198.51.100.250";
    const accounts = [];
    for (let i = 0; i < 5; i++) accounts.push(await enrolled());
    // One window, one clock: each sign-in spends one of the ten recovery codes of its account.
    setClock(Math.floor(clock / (15 * 60_000)) * 15 * 60_000 + 1_000);
    let signedIn = 0;
    for (const { user, recoveryCodes } of accounts) {
      for (const code of recoveryCodes) {
        const pending = pendingCookieOf(await login(user.username, user.password, { sourceIp: ip }));
        expect((await secondStep(pending, code, ip)).status).toBe(200);
        signedIn += 1;
      }
    }
    expect(signedIn).toBe(MAX_FAILED_PER_IP);
    const next = await login(accounts[0]!.user.username, accounts[0]!.user.password, { sourceIp: ip });
    expect(next.status, next.body.message).toBe(200);
  }, 300_000);

  it("a password reset kills a pending sign-in: the right code then starts nothing", async () => {
    const { user, secret } = await enrolled();
    nextStep();
    const pending = pendingCookieOf(await login(user.username, user.password));
    const admin = await signUp("admin");
    const reset = await admin.call({
      method: "POST",
      path: `/api/admin/users/${user.id}/reset-password`,
      body: { newPassword: "set-by-the-admin" },
    });
    expect(reset.status).toBe(200);
    const res = await secondStep(pending, totpCode(secret, clock));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.noPendingLogin);
  });

  it("accounts without two-factor sign in in one step, as before", async () => {
    const user = await existingAccount();
    const res = await login(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user.username });
    expect(cookieOf(res).startsWith("sid=")).toBe(true);
  });
});

describe("turning it off", () => {
  it("takes the password and a code", async () => {
    const { cookie, user, secret } = await enrolled();
    nextStep();
    const disable = (body: { password: string; code: string }) =>
      call({ method: "DELETE", path: "/api/me/two-factor", body, cookies: [cookie] });
    expect((await disable({ password: "not-it", code: totpCode(secret, clock) })).status).toBe(403);
    expect(
      (
        await disable({
          password: user.password,
          code: "000000" === totpCode(secret, clock) ? "111111" : "000000",
        })
      ).status,
    ).toBe(403);
    expect((await status(cookie)).body.enabled).toBe(true);
    expect((await disable({ password: user.password, code: totpCode(secret, clock) })).status).toBe(200);
    expect((await status(cookie)).body.enabled).toBe(false);
    const login1 = await login(user.username, user.password);
    expect(cookieOf(login1).startsWith("sid=")).toBe(true);
  });
});

describe("deleting the account", () => {
  it("deletes the authenticator key and recovery codes with it", async () => {
    const { cookie, user } = await enrolled();
    expect(await getTwoFactor(user.id)).not.toBeNull();
    const deleted = await deleteAccount(cookie, user.password);
    expect(deleted.status).toBe(200);
    expect(await getTwoFactor(user.id)).toBeNull();
  });
});

describe("staff where the stage requires it", () => {
  const adminRoute = (cookie: string) => call({ method: "GET", path: "/api/admin/users", cookies: [cookie] });

  it("an admin without it can only enrol; once enrolled, admin routes open and login asks for the code", async () => {
    process.env.REQUIRE_ADMIN_TWO_FACTOR = "1";
    const { username } = await staffAccount();
    setClock(stepStart(Date.now()));
    const cookie = cookieOf(await login(username, "staff-password"));
    const blocked = await adminRoute(cookie);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      message: TWO_FACTOR_MESSAGES.staffMustEnrol,
      code: "two_factor_required",
    });
    expect((await me(cookie)).body).toMatchObject({ twoFactorSetupRequired: true });
    expect((await status(cookie)).body.required).toBe(true);

    const started = await setup(cookie, "staff-password");
    expect((await confirm(cookie, totpCode(started.body.secret, clock))).status).toBe(200);
    expect((await adminRoute(cookie)).status).toBe(200);
    expect((await me(cookie)).body).not.toHaveProperty("twoFactorSetupRequired");

    nextStep();
    const pending = pendingCookieOf(await login(username, "staff-password"));
    const session = cookieOf(await secondStep(pending, totpCode(started.body.secret, clock)));
    expect((await adminRoute(session)).status).toBe(200);
    const keep = await call({
      method: "DELETE",
      path: "/api/me/two-factor",
      body: { password: "staff-password", code: "123456" },
      cookies: [session],
    });
    expect(keep.status).toBe(403);
    expect(keep.body.message).toBe(TWO_FACTOR_MESSAGES.staffMustKeep);
  });

  it("an admin's session older than the requirement is sent to enrol; buyers are not affected", async () => {
    const { cookie } = await enrolled("admin");
    const buyer = await existingAccount();
    const buyerCookie = cookieOf(await login(buyer.username, buyer.password));
    process.env.REQUIRE_ADMIN_TWO_FACTOR = "1";
    // Enrolled in this very session: it proved a second factor.
    expect((await adminRoute(cookie)).status).toBe(200);
    expect((await adminRoute(buyerCookie)).status).toBe(403);
    expect((await me(buyerCookie)).body).not.toHaveProperty("twoFactorSetupRequired");
  });
});
