/** Verified email and password reset: the links, their single use and expiry, and the limits on asking. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { getUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { outboxSender } from "../../../functions/adapters/email/outbox-sender.ts";
import { ACCOUNT_MESSAGES } from "../../../functions/domain/accounts.ts";
import { sendEmailEvent } from "../../../functions/usecases/alerts/send-alerts.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  cookieOf,
  existingAccount,
  linkToken,
  login,
  MINUTE,
  me,
  outbox,
  registered,
  uniqueName,
  useAccountEmails,
} from "./fixtures.ts";

useFreshTable("accounts-recovery");
const emails = useAccountEmails();

afterEach(() => {
  vi.useRealTimers();
});

const verify = (token: string) =>
  invokeRoute<{ message?: string; email?: string }>({
    method: "POST",
    path: "/api/auth/verify-email",
    body: { token },
  });
const resend = (cookie: string) =>
  invokeRoute<{ message?: string; sentTo?: string }>({
    method: "POST",
    path: "/api/auth/resend-verification",
    cookies: [cookie],
  });
const forgot = (email: string, sourceIp = "10.40.0.1") =>
  invokeRoute<{ message?: string }>({
    method: "POST",
    path: "/api/auth/forgot-password",
    body: { email },
    sourceIp,
  });
const reset = (token: string, newPassword: string) =>
  invokeRoute<{ message?: string }>({
    method: "POST",
    path: "/api/auth/reset-password",
    body: { token, newPassword },
  });

describe("verified email", () => {
  it("registration sends a one-time link; following it verifies the address, once", async () => {
    const user = await registered();
    expect((await me(user.cookie)).body.emailVerified).toBe(false);
    await emails.settled();
    const token = await linkToken(user.email, "verify_email", "/verify-email");

    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.body.email).toBe(user.email);
    expect((await me(user.cookie)).body.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.badVerifyToken);
    expect((await verify("not-a-token-anyone-issued")).status).toBe(400);
    expect((await verify("")).status).toBe(400);
  });

  it("a link is good for 24 hours", async () => {
    const user = await registered();
    await emails.settled();
    const token = await linkToken(user.email, "verify_email", "/verify-email");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * MINUTE + 1000 });
    expect((await verify(token)).status).toBe(400);
    expect((await getUser(user.id))?.emailVerified).toBe(false);
  });

  it("accounts staff or scripts make are stored as verified", async () => {
    const user = await existingAccount();
    expect((await getUser(user.id))?.emailVerified).toBe(true);
    const signedIn = cookieOf(await login(user.username, user.password));
    expect((await me(signedIn)).body.emailVerified).toBe(true);
    const res = await resend(signedIn);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  });

  it("a new link can be asked for at most once a minute, and only signed in", async () => {
    const user = await registered();
    vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / MINUTE) * MINUTE + 1000 });
    const first = await resend(user.cookie);
    expect(first.status).toBe(200);
    expect(first.body.sentTo).toBe(user.email);
    const second = await resend(user.cookie);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(ACCOUNT_MESSAGES.resendTooSoon);
    vi.setSystemTime(Date.now() + MINUTE);
    expect((await resend(user.cookie)).status).toBe(200);
    expect((await invokeRoute({ method: "POST", path: "/api/auth/resend-verification" })).status).toBe(401);
    await emails.settled();
    // The registration's link and the two resent ones; each is a link of its own.
    const links = (await outbox(user.email)).filter((e) => e.kind === "verify_email").map((e) => e.text);
    expect(new Set(links).size).toBe(3);
  });

  it("notifications go only to a verified address; account emails and receipts always go", async () => {
    const user = await registered();
    const event = (kind: "outbid" | "bids_purchased") => ({
      key: `${kind}#${uniqueName("evt")}`,
      kind,
      recipient: { userId: user.id },
      at: Date.now(),
      data: { auctionId: "a1", productName: "Silver Eagle", bidCount: 10, amountCents: 500 },
    });
    expect(await sendEmailEvent(event("outbid"), outboxSender, { now: Date.now() })).toBe("opted_out");
    expect(await sendEmailEvent(event("bids_purchased"), outboxSender, { now: Date.now() })).toBe("sent");
    await emails.settled();
    expect((await verify(await linkToken(user.email, "verify_email", "/verify-email"))).status).toBe(200);
    expect(await sendEmailEvent(event("outbid"), outboxSender, { now: Date.now() })).toBe("sent");
  });

  it("register, login, logout and me answer as before, plus emailVerified", async () => {
    const user = await registered();
    const body = (await me(user.cookie)).body;
    expect(Object.keys(body).sort()).toEqual([
      "bidBalance",
      "email",
      "emailVerified",
      "id",
      "role",
      "username",
    ]);
    const signedIn = await login(user.username, user.password);
    expect(signedIn.status).toBe(200);
    const out = await invokeRoute({
      method: "POST",
      path: "/api/auth/logout",
      cookies: [cookieOf(signedIn)],
    });
    expect(out.status).toBe(200);
  });
});

describe("password reset", () => {
  it("answers the same 202 whether or not the address has an account, and emails only a real one", async () => {
    const user = await existingAccount();
    const stranger = `${uniqueName("nobody")}@example.com`;
    const known = await forgot(user.email, "10.41.0.1");
    const unknown = await forgot(stranger, "10.41.0.1");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.forgotAccepted });
    await emails.settled();
    expect((await outbox(user.email)).map((e) => e.kind)).toEqual(["password_reset"]);
    expect(await outbox(stranger)).toEqual([]);
  });

  it("sets the new password, ends every session, verifies the address and tells the owner; the link works once", async () => {
    const user = await existingAccount();
    const phone = cookieOf(await login(user.username, user.password, { sourceIp: "10.42.0.1" }));
    const laptop = cookieOf(await login(user.username, user.password, { sourceIp: "10.42.0.2" }));
    expect((await forgot(user.email, "10.42.0.3")).status).toBe(202);
    await emails.settled();
    const token = await linkToken(user.email, "password_reset", "/reset-password");

    // The rules of registration: a short password is refused and the link stays good.
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("newPassword: Password must be at least 8 characters");

    expect((await reset(token, "a-brand-new-password")).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, "a-brand-new-password")).status).toBe(200);
    await emails.settled();
    expect((await outbox(user.email))[0]?.kind).toBe("password_changed");

    const reused = await reset(token, "yet-another-password");
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(ACCOUNT_MESSAGES.badResetToken);
  });

  it("a link is good for 30 minutes, and an older link dies once the password changed", async () => {
    const user = await existingAccount();
    expect((await forgot(user.email, "10.43.0.1")).status).toBe(202);
    await emails.settled();
    const older = await linkToken(user.email, "password_reset", "/reset-password");
    expect((await forgot(user.email, "10.43.0.1")).status).toBe(202);
    await emails.settled();
    const newer = await linkToken(user.email, "password_reset", "/reset-password");
    expect(newer).not.toBe(older);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31 * MINUTE });
    expect((await reset(newer, "too-late-password")).status).toBe(400);
    vi.useRealTimers();

    expect((await forgot(user.email, "10.43.0.1")).status).toBe(202);
    await emails.settled();
    const fresh = await linkToken(user.email, "password_reset", "/reset-password");
    expect((await reset(fresh, "the-new-password")).status).toBe(200);
    expect((await reset(older, "the-older-link")).status).toBe(400);
    expect((await login(user.username, "the-new-password")).status).toBe(200);
  });

  it("is limited per email address and per asking address, registered or not", async () => {
    const address = `${uniqueName("many")}@example.com`;
    for (let i = 0; i < 3; i++) expect((await forgot(address, `10.44.0.${i + 1}`)).status).toBe(202);
    const limited = await forgot(address, "10.44.0.9");
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(ACCOUNT_MESSAGES.forgotThrottled);

    const ip = "10.45.0.1";
    for (let i = 0; i < 20; i++)
      expect((await forgot(`${uniqueName("ip")}@example.com`, ip)).status).toBe(202);
    expect((await forgot(`${uniqueName("ip")}@example.com`, ip)).status).toBe(429);
    // Another address is not held back by this one.
    expect((await forgot(`${uniqueName("ip")}@example.com`, "10.45.0.2")).status).toBe(202);
  }, 60_000);

  it("bad input is a 400 that changes nothing", async () => {
    expect((await forgot("not-an-email")).status).toBe(400);
    const wrongShape = await invokeRoute({
      method: "POST",
      path: "/api/auth/reset-password",
      body: { token: "x", newPassword: "long-enough-password", extra: 1 },
    });
    expect(wrongShape.status).toBe(400);
    expect((await reset("never-issued-token", "long-enough-password")).status).toBe(400);
  });
});
