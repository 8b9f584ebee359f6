/**
 * One IPv6 subscriber holds a whole /64, so every limit keyed on the viewer's address keys IPv6 on its
 * /64 (functions/domain/addresses.ts through functions/http/client-ip.ts): failed logins, registrations,
 * password-reset requests and open sockets from addresses of one /64 count together; IPv4 is as it was.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { ACCOUNT_MESSAGES, FORGOT_PER_IP } from "../../../functions/domain/accounts.ts";
import {
  LOGIN_THROTTLED_MESSAGE,
  MAX_FAILED_PER_PAIR,
  REGISTRATION_THROTTLED_MESSAGE,
} from "../../../functions/domain/login-throttle.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { MAX_SOCKETS_PER_ADDRESS } from "../../../functions/domain/realtime-limits.ts";
import { handler as connect } from "../../../functions/handlers/realtime/connect.ts";
import { ORIGIN_HEADER } from "../../../functions/http/origin-lock.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { useAccountEmails } from "../accounts/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { clearOfLoginWindowEdge } from "../support/login-window.ts";

useFreshTable("ipv6-addresses");
useAccountEmails();

const PASSWORD = "right-password";
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}_${Math.random().toString(36).slice(2, 7)}`;

/** The `n`th address of a /64, written in a different form each time (full, compressed, upper case). */
function inSubnet(prefix: string, n: number): string {
  const forms = [
    `${prefix}:${n.toString(16)}:0:0:1`,
    `${prefix}::${n.toString(16)}`,
    `${prefix.toUpperCase()}:${(n + 0xa000).toString(16).toUpperCase()}::`,
  ];
  return forms[n % forms.length]!;
}

const registrationLimit = process.env.REGISTRATIONS_PER_ADDRESS;
afterEach(() => {
  if (registrationLimit === undefined) delete process.env.REGISTRATIONS_PER_ADDRESS;
  else process.env.REGISTRATIONS_PER_ADDRESS = registrationLimit;
});

describe("limits keyed on the viewer's address", () => {
  it("failed logins from many addresses of one /64 make one pair: it waits, another /64 signs in", async () => {
    const username = unique("v6owner");
    await createUser({
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(PASSWORD, passwordParams()),
      role: "buyer",
      now: Date.now(),
      emailVerified: true,
    });
    const login = (password: string, sourceIp: string) =>
      invokeRoute<{ message?: string }>({
        method: "POST",
        path: "/api/auth/login",
        body: { username, password },
        sourceIp,
      });
    for (let i = 0; i < MAX_FAILED_PER_PAIR; i++) {
      expect((await login(`wrong-${i}`, inSubnet("2001:db8:aa:1", i + 1))).status).toBe(401);
    }
    const refused = await login(PASSWORD, inSubnet("2001:db8:aa:1", 500));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LOGIN_THROTTLED_MESSAGE);
    expect((await login(PASSWORD, "2001:db8:aa:2::1")).status).toBe(200);
  });

  it("registrations from one /64 share its allowance; IPv4-mapped IPv6 counts as the IPv4 address", async () => {
    await clearOfLoginWindowEdge();
    process.env.REGISTRATIONS_PER_ADDRESS = "2";
    // The viewer's address as CloudFront passes it on (the local gateway rewrites mapped source addresses).
    const register = (viewer: string) => {
      const username = unique("v6reg");
      return invokeRoute<{ message?: string }>({
        method: "POST",
        path: "/api/auth/register",
        body: { username, email: `${username}@example.com`, password: PASSWORD, role: "buyer" },
        headers: { "x-viewer-address": viewer },
      });
    };
    expect((await register("2001:db8:bb:1::1")).status).toBe(201);
    expect((await register("2001:db8:bb:1:ffff:ffff:ffff:fffe")).status).toBe(201);
    const refused = await register("2001:0db8:00bb:0001::9");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(REGISTRATION_THROTTLED_MESSAGE);
    expect((await register("2001:db8:bb:2::1")).status).toBe(201);

    expect((await register("198.51.100.77")).status).toBe(201);
    expect((await register("::ffff:198.51.100.77")).status).toBe(201);
    expect((await register("::ffff:c633:644d")).status).toBe(429);
  });

  it(`password-reset requests: ${FORGOT_PER_IP} per /64 per window`, async () => {
    await clearOfLoginWindowEdge();
    const forgot = (sourceIp: string) =>
      invokeRoute<{ message?: string }>({
        method: "POST",
        path: "/api/auth/forgot-password",
        body: { email: `${unique("nobody")}@example.com` },
        sourceIp,
      });
    for (let i = 0; i < FORGOT_PER_IP; i++) {
      expect((await forgot(inSubnet("2001:db8:cc:1", i + 1))).status).toBe(202);
    }
    const refused = await forgot(inSubnet("2001:db8:cc:1", 999));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.forgotThrottled);
    expect((await forgot("2001:db8:cc:2::1")).status).toBe(202);
  });

  it(`open sockets: ${MAX_SOCKETS_PER_ADDRESS} per /64`, async () => {
    const connectFrom = (connectionId: string, sourceIp: string) =>
      connect({
        // Through CloudFront, as every socket is.
        headers: { [ORIGIN_HEADER]: process.env.ORIGIN_SECRET! },
        requestContext: { connectionId, identity: { sourceIp } },
      });
    const results = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, (_, i) =>
        connectFrom(`v6-${i}`, inSubnet("2001:db8:dd:1", i + 1)),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await connectFrom("v6-full", inSubnet("2001:db8:dd:1", 4000))).statusCode).toBe(429);
    expect((await connectFrom("v6-other", "2001:db8:dd:2::1")).statusCode).toBe(200);
  });
});
