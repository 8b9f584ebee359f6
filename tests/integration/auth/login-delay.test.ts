/**
 * Failed logins wait per (account, address) pair, never per account: strangers guessing from many
 * addresses cannot lock the owner out, and an address that keeps guessing waits longer each time
 * (functions/domain/login-throttle.ts). The server's clock is moved with fake Date only, so the waits
 * are the real ones without the test sleeping through them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { LOGIN_THROTTLED_MESSAGE, MAX_FAILED_PER_PAIR } from "../../../functions/domain/login-throttle.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { clearOfLoginWindowEdge } from "../support/login-window.ts";

useFreshTable("login-delay");

const MINUTE = 60_000;
const PASSWORD = "the-owners-password";
let counter = 0;

async function owner() {
  counter += 1;
  const username = `owner${counter}_${Math.random().toString(36).slice(2, 7)}`;
  return createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD, passwordParams()),
    role: "buyer",
    now: Date.now(),
  });
}

const login = (username: string, password: string, sourceIp: string) =>
  invokeRoute<{ message?: string }>({
    method: "POST",
    path: "/api/auth/login",
    body: { username, password },
    sourceIp,
  });

const wait = (what: string) => `Too many failed login attempts. Please wait ${what} and try again.`;

afterEach(() => {
  vi.useRealTimers();
});

describe("failed logins", () => {
  it("from 10 addresses, 100 wrong passwords hold back those addresses only: the owner signs in from another", async () => {
    await clearOfLoginWindowEdge();
    const user = await owner();
    const addresses = Array.from({ length: 10 }, (_, i) => `10.20.0.${i + 1}`);
    for (let round = 0; round < MAX_FAILED_PER_PAIR; round++) {
      const answers = await Promise.all(addresses.map((ip) => login(user.username, `wrong-${round}`, ip)));
      expect(answers.map((a) => a.status)).toEqual(addresses.map(() => 401));
    }
    for (const ip of addresses) {
      const refused = await login(user.username, PASSWORD, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(LOGIN_THROTTLED_MESSAGE);
    }
    expect((await login(user.username, PASSWORD, "10.20.1.1")).status).toBe(200);
    // By email too: the pair is the account, however it is named.
    expect((await login(user.email, PASSWORD, "10.20.1.2")).status).toBe(200);
  }, 60_000);

  it("make the pair wait 15 minutes after 10, then twice as long after each further failure", async () => {
    const user = await owner();
    const ip = "10.21.0.1";
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (let i = 0; i < MAX_FAILED_PER_PAIR; i++) {
      expect((await login(user.username, `wrong-${i}`, ip)).status).toBe(401);
    }
    const first = await login(user.username, PASSWORD, ip);
    expect(first.status).toBe(429);
    expect(first.body.message).toBe(wait("15 minutes"));

    vi.setSystemTime(Date.now() + 10 * MINUTE);
    expect((await login(user.username, PASSWORD, ip)).body.message).toBe(wait("5 minutes"));

    vi.setSystemTime(Date.now() + 5 * MINUTE);
    expect((await login(user.username, "wrong-again", ip)).status).toBe(401);
    expect((await login(user.username, PASSWORD, ip)).body.message).toBe(wait("30 minutes"));

    vi.setSystemTime(Date.now() + 30 * MINUTE);
    expect((await login(user.username, "wrong-once-more", ip)).status).toBe(401);
    expect((await login(user.username, PASSWORD, ip)).body.message).toBe(wait("60 minutes"));

    // The owner from another address is never held back by this one.
    expect((await login(user.username, PASSWORD, "10.21.0.2")).status).toBe(200);

    // After the wait, the right password signs in and the pair starts afresh.
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    expect((await login(user.username, PASSWORD, ip)).status).toBe(200);
    expect((await login(user.username, "wrong-after", ip)).status).toBe(401);
    expect((await login(user.username, PASSWORD, ip)).status).toBe(200);
  }, 60_000);

  it("a pair quiet for a day starts afresh", async () => {
    const user = await owner();
    const ip = "10.22.0.1";
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (let i = 0; i < MAX_FAILED_PER_PAIR + 3; i++) {
      await login(user.username, `wrong-${i}`, ip);
      vi.setSystemTime(Date.now() + 24 * 60 * MINUTE);
    }
    // Each failure came a day after the last: none is remembered, so 10 more go through before the wait.
    for (let i = 0; i < MAX_FAILED_PER_PAIR; i++) {
      const res = await login(user.username, `again-${i}`, ip);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
    }
    expect((await login(user.username, PASSWORD, ip)).body.message).toBe(wait("15 minutes"));
  }, 60_000);

  it("counts parallel attempts of one pair one by one: 10 checked, the rest told to wait", async () => {
    await clearOfLoginWindowEdge();
    const user = await owner();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => login(user.username, "wrong-password", "10.23.0.1")),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(MAX_FAILED_PER_PAIR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25 - MAX_FAILED_PER_PAIR);
  }, 60_000);
});
