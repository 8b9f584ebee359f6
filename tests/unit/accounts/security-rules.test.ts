import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { passwordParams } from "../../../functions/config/runtime.ts";
import {
  LOGIN_THROTTLED_MESSAGE,
  loginCounters,
  loginPair,
  loginWaitMessage,
  loginWindow,
  MAX_FAILED_PER_IP,
  MAX_FAILED_PER_PAIR,
  PAIR_MEMORY_MS,
  pairDecision,
  pairDelayMs,
  pairWaitMs,
} from "../../../functions/domain/login-throttle.ts";
import {
  hashPassword,
  LOW_COST_PASSWORD_PARAMS,
  needsRehash,
  PASSWORD_PARAMS,
  verifyPassword,
} from "../../../functions/domain/passwords.ts";
import { hashSessionToken, newSessionToken, sessionNeedsTouch } from "../../../functions/domain/sessions.ts";
import { clientIp } from "../../../functions/http/client-ip.ts";
import { clearedSessionCookies, readCookie, sessionCookies } from "../../../functions/http/cookies.ts";
import { checkCsrf } from "../../../functions/http/csrf.ts";

const event = (headers: Record<string, string>) => ({ headers }) as unknown as APIGatewayProxyEventV2;

describe("CSRF rule", () => {
  it("accepts same-origin JSON and non-browser JSON without Origin", () => {
    expect(() =>
      checkCsrf(
        event({ host: "shop.example", origin: "https://shop.example", "content-type": "application/json" }),
      ),
    ).not.toThrow();
    expect(() =>
      checkCsrf(event({ host: "shop.example", "content-type": "application/json; charset=utf-8" })),
    ).not.toThrow();
  });
  it("never trusts x-forwarded-host: a forged one cannot make a foreign Origin look like ours", () => {
    expect(() =>
      checkCsrf(
        event({
          host: "shop.example",
          "x-forwarded-host": "evil.example",
          origin: "https://evil.example",
          "content-type": "application/json",
        }),
      ),
    ).toThrow(/Cross-origin/);
  });

  it("refuses a cross-origin mutation and a form post", () => {
    expect(() =>
      checkCsrf(
        event({ host: "shop.example", origin: "https://evil.example", "content-type": "application/json" }),
      ),
    ).toThrow(/Cross-origin/);
    expect(() =>
      checkCsrf(
        event({ host: "shop.example", origin: "https://shop.example", "content-type": "text/plain" }),
      ),
    ).toThrow(/Content-Type/);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax and Secure off localhost", () => {
    const [cookie, hint] = sessionCookies("tok", "shop.example");
    expect(cookie).toMatch(/^__Host-sid=tok;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(sessionCookies("tok", "localhost:5173")[0]).not.toMatch(/Secure/);
    // The readable hint carries no secret: only that a session may exist, with the same life.
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly|tok/);
    expect(hint).toMatch(/Max-Age=2592000/);
  });
  it("is cleared together with its hint", () => {
    const cleared = clearedSessionCookies("shop.example");
    expect(cleared.map((c) => c.split("=")[0])).toEqual(["__Host-sid", "signed_in"]);
    for (const c of cleared) expect(c).toMatch(/Max-Age=0/);
  });
  it("is read back from API Gateway's cookies array", () => {
    expect(readCookie(["a=1", "sid=abc%3D"], "sid")).toBe("abc=");
    expect(readCookie(undefined, "sid")).toBeUndefined();
  });
  it("tokens are random and stored only as a hash", () => {
    const a = newSessionToken();
    expect(a).not.toBe(newSessionToken());
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(a)).not.toContain(a);
  });
  it("lastSeenAt is written at most once a minute", () => {
    expect(sessionNeedsTouch(0, 59_999)).toBe(false);
    expect(sessionNeedsTouch(0, 60_000)).toBe(true);
  });
});

describe("login throttle", () => {
  const MINUTE = 60_000;

  it("counts a login per address in windows, and per (account, address) pair", () => {
    expect(loginCounters({ ip: "10.0.0.1" })).toEqual([
      { scope: "ip", value: "10.0.0.1", limit: MAX_FAILED_PER_IP },
    ]);
    expect(loginPair({ account: "User-1", ip: "10.0.0.1" })).toBe("user-1|10.0.0.1");
    expect(loginWindow(15 * MINUTE - 1)).toBe(0);
    expect(loginWindow(15 * MINUTE)).toBe(1);
  });

  it("lets a pair fail 10 times freely, then makes it wait 15 minutes, doubling up to a day", () => {
    expect(MAX_FAILED_PER_PAIR).toBe(10);
    for (let failures = 0; failures < 10; failures++) expect(pairDelayMs(failures)).toBe(0);
    expect(pairDelayMs(10)).toBe(15 * MINUTE);
    expect(pairDelayMs(11)).toBe(30 * MINUTE);
    expect(pairDelayMs(12)).toBe(60 * MINUTE);
    expect(pairDelayMs(16)).toBe(16 * 60 * MINUTE);
    expect(pairDelayMs(17)).toBe(24 * 60 * MINUTE);
    expect(pairDelayMs(1000)).toBe(24 * 60 * MINUTE);
  });

  it("measures the wait from the pair's last attempt, and forgets a pair quiet for a day", () => {
    const at = 1_000_000_000;
    expect(pairWaitMs(null, at)).toBe(0);
    expect(pairWaitMs({ failures: 9, lastAttemptAt: at }, at)).toBe(0);
    expect(pairWaitMs({ failures: 10, lastAttemptAt: at }, at + MINUTE)).toBe(14 * MINUTE);
    expect(pairWaitMs({ failures: 10, lastAttemptAt: at }, at + 15 * MINUTE)).toBe(0);
    expect(pairWaitMs({ failures: 40, lastAttemptAt: at }, at + PAIR_MEMORY_MS - 1)).toBe(1);
    expect(pairWaitMs({ failures: 40, lastAttemptAt: at }, at + PAIR_MEMORY_MS)).toBe(0);

    expect(pairDecision(null, at)).toEqual({ kind: "count", seen: -1 });
    expect(pairDecision({ failures: 3, lastAttemptAt: at }, at)).toEqual({ kind: "count", seen: 3 });
    expect(pairDecision({ failures: 10, lastAttemptAt: at }, at + MINUTE)).toEqual({
      kind: "wait",
      ms: 14 * MINUTE,
    });
    expect(pairDecision({ failures: 10, lastAttemptAt: at }, at + 15 * MINUTE)).toEqual({
      kind: "count",
      seen: 10,
    });
    expect(pairDecision({ failures: 40, lastAttemptAt: at }, at + PAIR_MEMORY_MS)).toEqual({
      kind: "restart",
      seenAt: at,
    });
  });

  it("says how long to wait, rounded up", () => {
    expect(loginWaitMessage(15 * MINUTE)).toBe(LOGIN_THROTTLED_MESSAGE);
    expect(loginWaitMessage(15 * MINUTE - 5)).toBe(LOGIN_THROTTLED_MESSAGE);
    expect(loginWaitMessage(1)).toBe("Too many failed login attempts. Please wait 1 minute and try again.");
    expect(loginWaitMessage(30 * MINUTE)).toBe(
      "Too many failed login attempts. Please wait 30 minutes and try again.",
    );
    expect(loginWaitMessage(2 * 60 * MINUTE)).toBe(
      "Too many failed login attempts. Please wait 2 hours and try again.",
    );
  });
});

describe("passwords", () => {
  it("verify only the right password and salt every hash", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(hash);
  });

  it("get the low test cost only on the local stack, and the real cost everywhere else", () => {
    const saved = {
      LOCAL_STACK: process.env.LOCAL_STACK,
      PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST,
    };
    try {
      process.env.PASSWORD_HASH_COST = "low";
      delete process.env.LOCAL_STACK;
      expect(passwordParams()).toBe(PASSWORD_PARAMS);
      process.env.LOCAL_STACK = "1";
      expect(passwordParams()).toBe(LOW_COST_PASSWORD_PARAMS);
      process.env.PASSWORD_HASH_COST = "cheap";
      expect(passwordParams()).toBe(PASSWORD_PARAMS);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it("rehash a low-cost hash under the real cost, never the other way round", async () => {
    const low = await hashPassword("correct horse", LOW_COST_PASSWORD_PARAMS);
    expect(await verifyPassword("correct horse", low)).toBe(true);
    expect(needsRehash(low)).toBe(true);
    expect(needsRehash(low, LOW_COST_PASSWORD_PARAMS)).toBe(false);
  });
});

describe("client address", () => {
  const withHeaders = (headers: Record<string, string>) =>
    ({ headers, requestContext: { http: { sourceIp: "130.176.1.1" } } }) as unknown as APIGatewayProxyEventV2;
  it("prefers the viewer address CloudFront passes over the edge's sourceIp", () => {
    expect(clientIp(withHeaders({ "x-viewer-address": "203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(withHeaders({ "X-Viewer-Address": "2001:db8::1" }))).toBe("2001:db8:0:0::/64");
    expect(clientIp(withHeaders({}))).toBe("130.176.1.1");
  });
});

describe("the signed-in hint in the browser", () => {
  it("asks for the user only when the hint says a session may exist", async () => {
    const { mayBeSignedIn } = await import("../../../web/src/lib/current-user.ts");
    expect(mayBeSignedIn("theme=dark; signed_in=1")).toBe(true);
    expect(mayBeSignedIn("signed_in=1")).toBe(true);
    expect(mayBeSignedIn("")).toBe(false);
    expect(mayBeSignedIn("signed_in=; other=1")).toBe(false);
    expect(mayBeSignedIn("not_signed_in=1")).toBe(false);
  });
});
