import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeEach, describe, expect, it } from "vitest";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { MAX_FAILED_PER_PAIR, MAX_REGISTRATIONS_PER_IP } from "../../../functions/domain/login-throttle.ts";
import { hashSessionToken } from "../../../functions/domain/sessions.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { clearOfLoginWindowEdge } from "../support/login-window.ts";

useFreshTable("auth");

interface UserBody {
  id: string;
  username: string;
  email: string;
  role: string;
  bidBalance: number;
}

let seq = 0;
const unique = (base: string) => `${base}${++seq}${Math.random().toString(36).slice(2, 6)}`;

/** Each from its own address, so only the test of the registration limit meets it. */
async function register(
  overrides: Record<string, unknown> = {},
  sourceIp = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const username = unique("user");
  return invokeRoute<UserBody & { message: string }>({
    method: "POST",
    path: "/api/auth/register",
    sourceIp,
    body: {
      username,
      email: `${username}@example.com`,
      password: "password123",
      role: "buyer",
      ...overrides,
    },
  });
}

const me = (cookies: string[]) => invokeRoute<UserBody>({ method: "GET", path: "/api/auth/me", cookies });
const totalUsers = async () =>
  ((await db.send(new GetCommand({ TableName: tableName(), Key: keys.userStats() }))).Item
    ?.totalUsers as number) ?? 0;
/** Without `sourceIp`, from the gateway's default address. */
const attemptLogin = (username: string, password: string, sourceIp?: string) =>
  invokeRoute<UserBody & { message: string }>({
    method: "POST",
    path: "/api/auth/login",
    body: { username, password },
    sourceIp,
  });
const tokenOf = (cookies: string[]) => /sid=([^;]+)/.exec(cookies[0] ?? "")?.[1] ?? "";

describe("register", () => {
  beforeEach(() => clearOfLoginWindowEdge());

  it("creates a buyer with 0 credits, signs them in and counts them", async () => {
    const before = await totalUsers();
    const res = await register();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: "buyer", bidBalance: 0 });
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(res.cookies[0]).toMatch(/^sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const current = await me(res.cookies);
    expect(current.status).toBe(200);
    expect(current.body).toEqual(res.body);
    expect(await totalUsers()).toBe(before + 1);
  });

  const storedUser = async (id: string) =>
    (await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }))).Item;

  it("stores when the terms were accepted, and registers a request without the field as before", async () => {
    const accepted = await register({ acceptTerms: true });
    expect(accepted.status).toBe(201);
    expect((await storedUser(accepted.body.id))?.termsAcceptedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const silent = await register();
    expect(silent.status).toBe(201);
    expect(await storedUser(silent.body.id)).not.toHaveProperty("termsAcceptedAt");
  });

  it("refuses acceptTerms false with 400 naming the field, and creates no account", async () => {
    const before = await totalUsers();
    const res = await register({ acceptTerms: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("acceptTerms must be true");
    expect(await totalUsers()).toBe(before);
  });

  it("refuses a taken username or email, case-insensitively, with 409", async () => {
    const first = await register();
    const dupName = await register({ username: first.body.username.toUpperCase() });
    expect(dupName.status).toBe(409);
    expect(dupName.body.message).toBe("Username is already taken");
    const dupEmail = await register({ email: first.body.email.toUpperCase() });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.message).toBe("Email is already registered");
  });

  it(`limits registrations to ${MAX_REGISTRATIONS_PER_IP} per address per 15 minutes (429), others unaffected`, async () => {
    const before = await totalUsers();
    const results = await Promise.all(
      Array.from({ length: MAX_REGISTRATIONS_PER_IP + 5 }, () => register({}, "10.8.8.8")),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_REGISTRATIONS_PER_IP);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.message).toBe(
      "Too many accounts were created from this address. Please wait 15 minutes and try again.",
    );
    expect(await totalUsers()).toBe(before + MAX_REGISTRATIONS_PER_IP);
    expect((await register({}, "10.8.8.9")).status).toBe(201);
  });

  it("lets exactly one of two simultaneous registrations of one name win", async () => {
    const username = unique("race");
    const before = await totalUsers();
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        invokeRoute({
          method: "POST",
          path: "/api/auth/register",
          body: { username, email: `${username}-${i}@example.com`, password: "password123" },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await totalUsers()).toBe(before + 1);
  });

  it("answers bad input with 400 {message, issues} and creates nothing", async () => {
    const before = await totalUsers();
    const bad = await invokeRoute<{ message: string; issues: unknown[] }>({
      method: "POST",
      path: "/api/auth/register",
      body: { username: "ab", email: "not-an-email", password: "short" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("username: Username must be at least 3 characters");
    expect(bad.body.issues).toHaveLength(3);
    const malformed = await invokeRoute<{ message: string }>({
      method: "POST",
      path: "/api/auth/register",
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Malformed JSON body");
    const admin = await register({ role: "admin" });
    expect(admin.status).toBe(400);
    expect(await totalUsers()).toBe(before);
  });

  it("gives a new seller a pending seller profile named after them", async () => {
    const res = await register({ role: "seller" });
    expect(res.status).toBe(201);
    const user = (await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(res.body.id) })))
      .Item!;
    const seller = (
      await db.send(new GetCommand({ TableName: tableName(), Key: keys.seller(user.sellerId) }))
    ).Item;
    expect(seller).toMatchObject({ userId: res.body.id, businessName: res.body.username, status: "pending" });
  });

  it("refuses a cross-origin registration and a non-JSON one", async () => {
    const username = unique("csrf");
    const body = { username, email: `${username}@example.com`, password: "password123" };
    const cross = await invokeRoute({
      method: "POST",
      path: "/api/auth/register",
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    const form = await invokeRoute({
      method: "POST",
      path: "/api/auth/register",
      body: JSON.stringify(body),
      headers: { "content-type": "text/plain" },
    });
    expect(form.status).toBe(415);
    const login = await attemptLogin(username, "password123");
    expect(login.status).toBe(401);
  });
});

describe("login and logout", () => {
  beforeEach(() => clearOfLoginWindowEdge());

  it("signs in with the username or the email and refuses a wrong password", async () => {
    const { body: user } = await register();
    const byName = await attemptLogin(user.username, "password123");
    expect(byName.status).toBe(200);
    expect(byName.body.id).toBe(user.id);
    const byEmail = await attemptLogin(user.email.toUpperCase(), "password123");
    expect(byEmail.status).toBe(200);
    expect((await me(byEmail.cookies)).body.id).toBe(user.id);
    const wrong = await attemptLogin(user.username, "password124");
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid username or password");
    expect(wrong.cookies).toEqual([]);
  });

  it("stores sessions only as a hash of the cookie token", async () => {
    const res = await register();
    const token = tokenOf(res.cookies);
    const raw = await db.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `SESSION#${token}`, sk: "SESSION" } }),
    );
    expect(raw.Item).toBeUndefined();
    const hashed = await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.session(hashSessionToken(token)) }),
    );
    expect(hashed.Item?.userId).toBe(res.body.id);
  });

  it("rate-limits failed logins of an account from one address with 429, even for the right password", async () => {
    const { body: user } = await register();
    for (let i = 0; i < MAX_FAILED_PER_PAIR; i++) {
      const res = await attemptLogin(user.username, "wrong-password", "10.0.0.7");
      expect(res.status).toBe(401);
    }
    const blocked = await attemptLogin(user.username, "password123", "10.0.0.7");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      "Too many failed login attempts. Please wait 15 minutes and try again.",
    );
    // The owner, from their own address, is not locked out by a stranger's guesses.
    const owner = await attemptLogin(user.username, "password123", "10.9.9.9");
    expect(owner.status).toBe(200);
  });

  it("counts 30 simultaneous wrong passwords against the limit before checking any of them", async () => {
    const { body: user } = await register();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => attemptLogin(user.username, "wrong-password", "10.0.3.3")),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_PER_PAIR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILED_PER_PAIR);
  });

  it("counts the username and the email of one account in one bucket", async () => {
    const { body: user } = await register();
    for (let i = 0; i < MAX_FAILED_PER_PAIR; i++) {
      const identifier = i % 2 === 0 ? user.username : user.email.toUpperCase();
      const res = await attemptLogin(identifier, "wrong-password", "10.0.4.4");
      expect(res.status).toBe(401);
    }
    const viaEmail = await attemptLogin(user.email, "wrong-password", "10.0.4.4");
    expect(viaEmail.status).toBe(429);
  });

  it("a successful login does not count as a failure", async () => {
    const { body: user } = await register();
    for (let i = 0; i < MAX_FAILED_PER_PAIR + 2; i++) {
      const res = await attemptLogin(user.username, "password123", "10.0.5.5");
      expect(res.status).toBe(200);
    }
  });

  it("registration and login set the readable signed-in hint beside the HttpOnly session", async () => {
    const res = await register();
    expect(res.cookies.map((c) => c.split("=")[0])).toEqual(["sid", "signed_in"]);
    expect(res.cookies[1]).toMatch(/^signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    const login = await attemptLogin(res.body.username, "password123", "10.44.0.1");
    expect(login.status).toBe(200);
    expect(login.cookies[1]).toMatch(/^signed_in=1;/);
  });

  it("logout ends the session for good", async () => {
    const res = await register();
    const out = await invokeRoute({ method: "POST", path: "/api/auth/logout", cookies: res.cookies });
    expect(out.status).toBe(200);
    expect(out.cookies[0]).toMatch(/^sid=; .*Max-Age=0/);
    expect(out.cookies[1]).toMatch(/^signed_in=; .*Max-Age=0/);
    expect((await me(res.cookies)).status).toBe(401);
    const anonymous = await invokeRoute({ method: "POST", path: "/api/auth/logout" });
    expect(anonymous.status).toBe(200);
  });
});

describe("me and roles", () => {
  it("is 401 signed out or with a forged cookie", async () => {
    expect((await me([])).status).toBe(401);
    expect((await me(["sid=forged-token"])).status).toBe(401);
  });

  it("a buyer gets 403 on an admin route and 401 when signed out", async () => {
    const res = await register();
    expect(
      (await invokeRoute({ method: "GET", path: "/api/admin/users", cookies: res.cookies })).status,
    ).toBe(403);
    expect((await invokeRoute({ method: "GET", path: "/api/admin/users" })).status).toBe(401);
  });

  it("records lastSeenAt at most once a minute and slides the cookie then", async () => {
    const res = await register();
    const hash = hashSessionToken(tokenOf(res.cookies));
    const fresh = await me(res.cookies);
    expect(fresh.cookies).toEqual([]);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(hash),
        UpdateExpression: "SET lastSeenAt = :old",
        ExpressionAttributeValues: { ":old": Date.now() - 61_000 },
      }),
    );
    const touched = await me(res.cookies);
    expect(touched.cookies[0]).toMatch(/^sid=/);
    const user = (await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(res.body.id) })))
      .Item!;
    expect(Date.now() - Date.parse(user.lastSeenAt)).toBeLessThan(5_000);
    expect((await me(res.cookies)).cookies).toEqual([]);
  });

  it("a login counts as being seen: the user's lastSeenAt moves to the login", async () => {
    const res = await register();
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(res.body.id),
        UpdateExpression: "SET lastSeenAt = :old",
        ExpressionAttributeValues: { ":old": "2020-01-01T00:00:00.000Z" },
      }),
    );
    const login = await attemptLogin(res.body.username, "password123");
    expect(login.status).toBe(200);
    const user = (await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(res.body.id) })))
      .Item!;
    expect(Date.now() - Date.parse(user.lastSeenAt)).toBeLessThan(5_000);
  });

  it("never stores a password in clear", async () => {
    const res = await register();
    const items = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": keys.user(res.body.id).pk },
      }),
    );
    expect(JSON.stringify(items.Items)).not.toContain("password123");
  });
});
