/**
 * Passkeys: adding one (a real WebAuthn registration from a software authenticator), listing, removing,
 * signing in with one instead of a password, and every way a challenge can be bad, forged or replayed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PasskeyOptionsView, PasskeyView } from "#shared/schemas/passkeys";
import { getPasskey, listUserPasskeys } from "../../../functions/adapters/dynamo/passkeys-repo.ts";
import { ACCOUNT_MESSAGES } from "../../../functions/domain/accounts.ts";
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MS, PASSKEY_MESSAGES } from "../../../functions/domain/passkeys.ts";
import { totpCode } from "../../../functions/domain/two-factor.ts";
import { type ApiRequest, invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { softAuthenticator } from "../../support/soft-authenticator.ts";
import { signUp } from "../admin/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
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
  useAccountEmails,
} from "./fixtures.ts";

useFreshTable("accounts-passkeys");
const emails = useAccountEmails();

afterEach(() => {
  vi.useRealTimers();
});

/** The site's first origin in the test environment (tests/support/local-env.ts): the relying party. */
const SITE = "http://localhost:5173";

const call = <T = { message?: string }>(request: ApiRequest) =>
  invokeRoute<T & { message?: string }>(request);
/** The fixtures' accounts all sign in with "first-password" (fixtures.ts existingAccount). */
const registrationOptions = (cookie: string, password: string | null = "first-password") =>
  call<PasskeyOptionsView>({
    method: "POST",
    path: "/api/me/passkeys/options",
    body: password === null ? {} : { password },
    cookies: [cookie],
  });
const add = (cookie: string, body: Record<string, unknown>) =>
  call<PasskeyView>({ method: "POST", path: "/api/me/passkeys", body, cookies: [cookie] });
const list = (cookie: string) =>
  call<PasskeyView[]>({ method: "GET", path: "/api/me/passkeys", cookies: [cookie] });
const remove = (cookie: string, id: string) =>
  call({ method: "DELETE", path: `/api/me/passkeys/${id}`, cookies: [cookie] });
const signInOptions = (headers: Record<string, string> = {}) =>
  call<PasskeyOptionsView>({ method: "POST", path: "/api/auth/passkey/options", headers });
const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<{ id: string; username: string }>({ method: "POST", path: "/api/auth/passkey", body, headers });

/** A signed-in account with a passkey added through the routes. */
async function withPasskey() {
  const { user, cookie } = await signedInAccount();
  const key = softAuthenticator({ origin: SITE });
  const options = await registrationOptions(cookie);
  expect(options.status).toBe(200);
  const added = await add(cookie, {
    challengeId: options.body.challengeId,
    credential: key.register(options.body.options),
  });
  expect(added.status, added.body.message).toBe(201);
  return { user, cookie, key, passkey: added.body };
}

/** A fresh sign-in challenge answered by `key`. */
async function answered(key: ReturnType<typeof softAuthenticator>) {
  const options = await signInOptions();
  expect(options.status).toBe(200);
  return { challengeId: options.body.challengeId, credential: key.assert(options.body.options) };
}

describe("adding a passkey", () => {
  it("hands out options for a discoverable, user-verified passkey of this site, then keeps it", async () => {
    const { user, cookie } = await signedInAccount();
    const options = await registrationOptions(cookie);
    expect(options.status).toBe(200);
    expect(options.body.challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.body.options).toMatchObject({
      rp: { id: "localhost", name: "Precious Metals Auctions" },
      user: { name: user.username },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    // The user handle is the account id, never a name or an address.
    expect(Buffer.from((options.body.options.user as { id: string }).id, "base64url").toString()).toBe(
      user.id,
    );

    const key = softAuthenticator({ origin: SITE });
    const added = await add(cookie, {
      challengeId: options.body.challengeId,
      credential: key.register(options.body.options),
      name: "My laptop",
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: key.id,
      name: "My laptop",
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect((await list(cookie)).body).toEqual([added.body]);
    expect(await getPasskey(key.id)).toMatchObject({ userId: user.id, counter: 0 });

    // The next options exclude it: the same authenticator is not asked to make a second one.
    const next = await registrationOptions(cookie);
    expect(next.body.options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })]);
  });

  it("names a passkey by the browser it was added in when given no name", async () => {
    const { passkey } = await withPasskey();
    expect(passkey.name).toBe("Unknown device");
  });

  it("refuses an unknown, a used, an expired or another account's challenge, and a forged one, adding nothing", async () => {
    const { cookie } = await signedInAccount();
    const key = softAuthenticator({ origin: SITE });

    const options = await registrationOptions(cookie);
    const unknown = await add(cookie, {
      challengeId: "not-a-challenge",
      credential: key.register(options.body.options),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(PASSKEY_MESSAGES.noChallenge);

    // Forged: the answer signs a challenge of its own making, not the one handed out (which is now used).
    const forged = await add(cookie, {
      challengeId: options.body.challengeId,
      credential: key.register(options.body.options, {
        challenge: Buffer.from("forged").toString("base64url"),
      }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(PASSKEY_MESSAGES.registrationFailed);
    const replayed = await add(cookie, {
      challengeId: options.body.challengeId,
      credential: key.register(options.body.options),
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.noChallenge);

    // Another page's origin.
    const elsewhere = await registrationOptions(cookie);
    const phished = await add(cookie, {
      challengeId: elsewhere.body.challengeId,
      credential: key.register(elsewhere.body.options, { origin: "https://evil.example" }),
    });
    expect(phished.status).toBe(400);

    // Someone else's challenge cannot add a passkey to this account.
    const other = await existingAccount();
    const otherCookie = cookieOf(await login(other.username, other.password));
    const theirs = await registrationOptions(otherCookie);
    const stolen = await add(cookie, {
      challengeId: theirs.body.challengeId,
      credential: key.register(theirs.body.options),
    });
    expect(stolen.status).toBe(400);

    const late = await registrationOptions(cookie);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PASSKEY_CHALLENGE_MS + 1000 });
    const expired = await add(cookie, {
      challengeId: late.body.challengeId,
      credential: key.register(late.body.options),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(PASSKEY_MESSAGES.noChallenge);
    vi.useRealTimers();

    expect((await list(cookie)).body).toEqual([]);
    expect((await list(otherCookie)).body).toEqual([]);
    expect(await getPasskey(key.id)).toBeNull();
  });

  it("refuses an answer without user verification", async () => {
    const { cookie } = await signedInAccount();
    const key = softAuthenticator({ origin: SITE, userVerified: false });
    const options = await registrationOptions(cookie);
    const res = await add(cookie, {
      challengeId: options.body.challengeId,
      credential: key.register(options.body.options),
    });
    expect(res.status).toBe(400);
    expect((await list(cookie)).body).toEqual([]);
  });

  it("refuses a malformed credential with a clear message", async () => {
    const { cookie } = await signedInAccount();
    const res = await add(cookie, {
      challengeId: "x",
      credential: { id: "not base64url!", type: "public-key" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/id must be base64url|required/);
  });
});

describe("what adding a passkey takes", () => {
  it("the password again: missing or wrong is 403 and hands out no challenge", async () => {
    const { user, cookie } = await signedInAccount();
    for (const password of [null, "", "not-the-password"]) {
      const res = await registrationOptions(cookie, password);
      expect(res.status, String(password)).toBe(403);
      expect(res.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
      expect(res.body.challengeId).toBeUndefined();
    }
    expect(await listUserPasskeys(user.id)).toEqual([]);
    expect((await registrationOptions(cookie, user.password)).status).toBe(200);
  });

  it("a verified address: a registered account must follow its link first", async () => {
    const user = await registered();
    const refused = await registrationOptions(user.cookie, user.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.verifyFirst);
    await emails.settled();
    await followVerificationLink(user.email);
    expect((await registrationOptions(user.cookie, user.password)).status).toBe(200);
  });

  it("tells the owner by email, with the passkey, the device, the time and what to do if it was not them", async () => {
    const { user } = await withPasskey();
    await emails.settled();
    const [email] = (await outbox(user.email)).filter((e) => e.kind === "passkey_added");
    expect(email, "a passkey_added email").toBeDefined();
    expect(email!.text).toMatch(/added from Unknown device on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(email!.text).toContain("If this was not you, reset your password at once");
  });

  it("holds the cap under a race: 15 parallel adds store at most 10", async () => {
    const { user, cookie } = await signedInAccount();
    const answers = [];
    for (let i = 0; i < 15; i++) {
      const options = await registrationOptions(cookie);
      expect(options.status).toBe(200);
      const key = softAuthenticator({ origin: SITE });
      answers.push({ challengeId: options.body.challengeId, credential: key.register(options.body.options) });
    }
    const results = await Promise.all(answers.map((body) => add(cookie, body)));
    const added = results.filter((r) => r.status === 201).length;
    expect(added).toBe(MAX_PASSKEYS);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.message === PASSKEY_MESSAGES.tooMany),
    ).toBe(true);
    expect((await listUserPasskeys(user.id)).length).toBe(MAX_PASSKEYS);
    // Removing one frees its place.
    const [first] = (await list(cookie)).body;
    expect((await remove(cookie, first!.id)).status).toBe(204);
    const again = await registrationOptions(cookie);
    const key = softAuthenticator({ origin: SITE });
    const res = await add(cookie, {
      challengeId: again.body.challengeId,
      credential: key.register(again.body.options),
    });
    expect(res.status, res.body.message).toBe(201);
  });
});

describe("a password reset", () => {
  it("by the emailed link removes every passkey, and the password_changed email names them", async () => {
    const { user, key, passkey } = await withPasskey();
    expect(
      (await call({ method: "POST", path: "/api/auth/forgot-password", body: { email: user.email } })).status,
    ).toBe(202);
    await emails.settled();
    const token = await linkToken(user.email, "password_reset", "/reset-password");
    const reset = await call({
      method: "POST",
      path: "/api/auth/reset-password",
      body: { token, newPassword: "the-owners-new-password" },
    });
    expect(reset.status).toBe(200);
    expect(await listUserPasskeys(user.id)).toEqual([]);
    const res = await signIn(await answered(key));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notRecognized);
    await emails.settled();
    const changed = (await outbox(user.email)).find((e) => e.kind === "password_changed");
    expect(changed!.text).toContain(`These passkeys were removed: ${passkey.name}.`);
  });

  it("by an admin removes every passkey too", async () => {
    const { user, key } = await withPasskey();
    const admin = await signUp("admin");
    const reset = await admin.call({
      method: "POST",
      path: `/api/admin/users/${user.id}/reset-password`,
      body: { newPassword: "set-by-the-admin" },
    });
    expect(reset.status).toBe(200);
    expect(await listUserPasskeys(user.id)).toEqual([]);
    expect((await signIn(await answered(key))).status).toBe(401);
  });
});

describe("signing in with a passkey", () => {
  it("makes a session as a password login does, with no username typed, and records the use", async () => {
    const { user, key } = await withPasskey();
    const options = await signInOptions();
    expect(options.body.options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.body.options.allowCredentials ?? []).toEqual([]);

    const res = await signIn({
      challengeId: options.body.challengeId,
      credential: key.assert(options.body.options),
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    const cookie = cookieOf(res);
    expect(res.cookies[0]).toContain("HttpOnly");
    expect((await me(cookie)).body).toMatchObject({ id: user.id });

    const [listed] = (await list(cookie)).body;
    expect(listed!.lastUsedAt).not.toBeNull();
    expect(await getPasskey(key.id)).toMatchObject({ counter: 1 });
  });

  it("skips the two-factor code: a user-verified passkey is two factors in one", async () => {
    const { user, cookie, key } = await withPasskey();
    const setup = await call<{ secret: string }>({
      method: "POST",
      path: "/api/me/two-factor/setup",
      body: { password: user.password },
      cookies: [cookie],
    });
    const confirmed = await call({
      method: "POST",
      path: "/api/me/two-factor/confirm",
      body: { code: totpCode(setup.body.secret, Date.now()) },
      cookies: [cookie],
    });
    expect(confirmed.status).toBe(200);
    expect((await login(user.username, user.password)).body).toEqual({ twoFactorRequired: true });

    const res = await signIn(await answered(key));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id });
  });

  it("refuses a replayed answer, a used challenge and a forged challenge", async () => {
    const { key } = await withPasskey();
    const first = await answered(key);
    expect((await signIn(first)).status).toBe(200);

    const replayed = await signIn(first);
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.noChallenge);
    expect(replayed.cookies).toEqual([]);

    const options = await signInOptions();
    const forged = await signIn({
      challengeId: options.body.challengeId,
      credential: key.assert(options.body.options, { challenge: Buffer.from("mine").toString("base64url") }),
    });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe(PASSKEY_MESSAGES.signInFailed);
    expect(forged.cookies).toEqual([]);

    const unknown = await signIn({
      challengeId: "never-handed-out",
      credential: key.assert(options.body.options),
    });
    expect(unknown.status).toBe(400);

    // An old signature (its counter is behind the stored one) on a fresh challenge id is refused too.
    const stale = await signInOptions();
    const staleAnswer = key.assert(stale.body.options);
    expect((await signIn(await answered(key))).status).toBe(200);
    const late = await signIn({ challengeId: stale.body.challengeId, credential: staleAnswer });
    expect(late.status).toBe(401);
  });

  it("refuses a passkey made for another site, and a passkey this site does not know", async () => {
    const { key } = await withPasskey();
    const options = await signInOptions();
    const otherSite = await signIn({
      challengeId: options.body.challengeId,
      credential: key.assert(options.body.options, { rpId: "evil.example" }),
    });
    expect(otherSite.status).toBe(401);

    const stranger = softAuthenticator({ origin: SITE });
    const res = await signIn(await answered(stranger));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notRecognized);
  });

  it("answers for the origin the page is on when it is one of the site's (127.0.0.1 locally)", async () => {
    const options = await signInOptions({ origin: "http://127.0.0.1:5173" });
    expect(options.body.options).toMatchObject({ rpId: "127.0.0.1" });
    const foreign = await signInOptions({ origin: "https://evil.example" });
    // The CSRF rule refuses a foreign origin before anything is made.
    expect(foreign.status).toBe(403);
  });
});

describe("listing and removing", () => {
  it("removes one's own passkey (204), after which it signs in no more", async () => {
    const { cookie, key, passkey } = await withPasskey();
    const removed = await remove(cookie, passkey.id);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await list(cookie)).body).toEqual([]);
    const res = await signIn(await answered(key));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notRecognized);
    expect((await remove(cookie, passkey.id)).status).toBe(404);
  });

  it("answers 404 for another account's passkey and leaves it alone", async () => {
    const { key, passkey } = await withPasskey();
    const other = await existingAccount();
    const otherCookie = cookieOf(await login(other.username, other.password));
    const res = await remove(otherCookie, passkey.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notFound);
    expect((await list(otherCookie)).body).toEqual([]);
    expect((await signIn(await answered(key))).status).toBe(200);
  });

  it("asks signed-out callers to sign in", async () => {
    const { passkey } = await withPasskey();
    for (const request of [
      { method: "GET", path: "/api/me/passkeys" },
      { method: "POST", path: "/api/me/passkeys/options" },
      { method: "POST", path: "/api/me/passkeys", body: { challengeId: "x", credential: {} } },
      { method: "DELETE", path: `/api/me/passkeys/${passkey.id}` },
    ]) {
      expect((await call(request)).status, `${request.method} ${request.path}`).toBe(401);
    }
  });
});

describe("a deleted account", () => {
  it("loses its passkeys, which sign in no more", async () => {
    const { user, cookie, key } = await withPasskey();
    const deleted = await deleteAccount(cookie, user.password);
    expect(deleted.status).toBe(200);
    expect(await getPasskey(key.id)).toBeNull();
    const res = await signIn(await answered(key));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notRecognized);
  });
});

describe("the export", () => {
  it("lists the passkeys by name and dates, never their keys", async () => {
    const { cookie, passkey } = await withPasskey();
    const exported = await call<{ passkeys: PasskeyView[] }>({
      method: "GET",
      path: "/api/me/export",
      cookies: [cookie],
    });
    expect(exported.body.passkeys).toEqual([passkey]);
  });
});
