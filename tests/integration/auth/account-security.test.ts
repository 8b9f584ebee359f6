import { describe, expect, it } from "vitest";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { createSession } from "../../../functions/adapters/dynamo/sessions-repo.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { hashSessionToken } from "../../../functions/domain/sessions.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { getItem } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { putItem } from "../support/raw-table.ts";

useFreshTable("account-security");

const DAY = 86_400_000;
let counter = 0;

async function person(password = "first-password", passwordHash?: string) {
  counter += 1;
  const username = `acct${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const user = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: passwordHash ?? (await hashPassword(password, passwordParams())),
    role: "buyer",
    now: Date.now(),
  });
  return { ...user, password };
}

const login = (
  username: string,
  password: string,
  extra: { cookies?: string[]; headers?: Record<string, string>; sourceIp?: string } = {},
) =>
  invokeRoute<{ message?: string }>({
    method: "POST",
    path: "/api/auth/login",
    body: { username, password },
    ...extra,
  });
const me = (cookies: string[], headers: Record<string, string> = {}) =>
  invokeRoute<{ id?: string }>({ method: "GET", path: "/api/auth/me", cookies, headers });
const cookieOf = (res: { cookies: string[] }) => res.cookies[0]!.split(";")[0]!;

describe("malformed input is a 4xx, never a 500", () => {
  it("a session cookie that is not valid percent-encoding is no session", async () => {
    expect((await me(["sid=%zz"])).status).toBe(401);
    expect(
      (await invokeRoute({ method: "GET", path: "/api/auctions", cookies: ["sid=%E0%A4%A"] })).status,
    ).toBe(200);
  });

  it("an x-viewer-address that is not an address (or 2 KB long) is ignored on login", async () => {
    const user = await person();
    const huge = login(user.username, "wrong-password", {
      headers: { "x-viewer-address": "9".repeat(2100) },
    });
    expect((await huge).status).toBe(401);
    const junk = await login(user.username, user.password, { headers: { "x-viewer-address": "<script>" } });
    expect(junk.status).toBe(200);
  });
});

describe("the session cookie", () => {
  it("is __Host-sid, Secure, on an https host; plain sid only on localhost", async () => {
    const user = await person();
    const https = await login(user.username, user.password, { headers: { host: "shop.example" } });
    expect(https.cookies[0]).toMatch(
      /^__Host-sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    const token = cookieOf(https).split("=")[1]!;
    expect((await me([`__Host-sid=${token}`], { host: "shop.example" })).status).toBe(200);
    // A plain `sid` (which a sibling subdomain could plant) is not read on https.
    expect((await me([`sid=${token}`], { host: "shop.example" })).status).toBe(401);
    const local = await login(user.username, user.password);
    expect(local.cookies[0]).toMatch(/^sid=/);
  });

  it("ends 90 days after sign-in however often it is used", async () => {
    const user = await person();
    // Sessions used a minute ago, so their sliding expiry is far off; only their age differs.
    const used = async (signedInDaysAgo: number) => {
      const { token, session } = await createSession(user, Date.now() - signedInDaysAgo * DAY);
      await putItem({
        ...keys.session(session.tokenHash),
        type: "session",
        ...session,
        lastSeenAt: Date.now() - 60_000,
        expiresAt: Math.floor(Date.now() / 1000) + 20 * 86400,
      });
      return `sid=${token}`;
    };
    expect((await me([await used(91)])).status).toBe(401);
    expect((await me([await used(89)])).status).toBe(200);
  });

  it("signing in as someone else in the same browser ends the session the new cookie replaces", async () => {
    const [first, second] = [await person(), await person()];
    const firstCookie = cookieOf(await login(first.username, first.password));
    const switched = await login(second.username, second.password, { cookies: [firstCookie] });
    expect(switched.status).toBe(200);
    expect((await me([firstCookie])).status).toBe(401);
    expect((await me([cookieOf(switched)])).status).toBe(200);
  });
});

describe("password hashing", () => {
  it("rehashes a hash of weaker parameters at the next login, and the password still works", async () => {
    // Weaker than the cost new hashes get here (the suite's low cost: tests/support/local-env.ts).
    const active = passwordParams();
    const weakN = active.N / 2;
    const weak = `scrypt$${weakN}$8$1$bm90LXVzZWQtc2FsdA==$`;
    const { scryptSync } = await import("node:crypto");
    const key = scryptSync("old-password", Buffer.from("bm90LXVzZWQtc2FsdA==", "base64"), 32, {
      N: weakN,
      r: 8,
      p: 1,
    });
    const user = await person("old-password", `${weak}${key.toString("base64")}`);
    expect((await login(user.username, "old-password")).status).toBe(200);
    const stored = (await getItem(keys.user(user.id)))?.passwordHash as string;
    const [, n, r, p] = stored.split("$");
    expect([Number(n), Number(r), Number(p)]).toEqual([active.N, active.r, active.p]);
    expect((await login(user.username, "old-password")).status).toBe(200);
    expect((await login(user.username, "other-password")).status).toBe(401);
  });
});

describe("POST /api/auth/change-password", () => {
  const change = (cookie: string, body: unknown) =>
    invokeRoute<{ message?: string; ok?: boolean; otherSessionsEnded?: number }>({
      method: "POST",
      path: "/api/auth/change-password",
      body,
      cookies: [cookie],
    });

  it("needs the current password, then ends every other session and keeps this one", async () => {
    const user = await person();
    const here = cookieOf(await login(user.username, user.password));
    const elsewhere = cookieOf(await login(user.username, user.password, { sourceIp: "10.4.4.4" }));

    expect(
      await change(here, { currentPassword: "wrong-password", newPassword: "brand-new-pass" }),
    ).toMatchObject({
      status: 400,
      body: { message: "Current password is incorrect" },
    });
    expect((await change(here, { currentPassword: user.password, newPassword: "short" })).body.message).toBe(
      "newPassword: Password must be at least 8 characters",
    );
    expect((await me([elsewhere])).status).toBe(200);

    const ok = await change(here, { currentPassword: user.password, newPassword: "brand-new-pass" });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, otherSessionsEnded: 1 } });
    expect((await me([here])).status).toBe(200);
    expect((await me([elsewhere])).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, "brand-new-pass")).status).toBe(200);
  });

  it("is for signed-in users only, and counts wrong current passwords like failed logins", async () => {
    expect(
      (
        await invokeRoute({
          method: "POST",
          path: "/api/auth/change-password",
          body: { currentPassword: "x", newPassword: "yyyyyyyy" },
        })
      ).status,
    ).toBe(401);
    const user = await person();
    const here = cookieOf(await login(user.username, user.password, { sourceIp: "10.5.5.5" }));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await change(here, { currentPassword: `guess-${i}`, newPassword: "brand-new-pass" })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("CSRF", () => {
  it("a forged x-forwarded-host does not make a foreign Origin ours", async () => {
    const user = await person();
    const cookie = cookieOf(await login(user.username, user.password));
    const res = await invokeRoute({
      method: "POST",
      path: "/api/auth/logout",
      cookies: [cookie],
      headers: { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await me([cookie])).status).toBe(200);
  });
});
