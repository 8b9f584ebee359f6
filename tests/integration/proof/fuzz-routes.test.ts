/**
 * Hostile requests to EVERY route of functions/routes.ts, property-based (fast-check):
 *  - path ids that do not exist (random, unicode, injection, 20 000 characters): 400 or 404;
 *  - wrong content types (415) and foreign origins (403) on every mutation, the session cookie included;
 *  - callers without the route's role, whatever they send: 401/403 (413 over the size limit);
 *  - the webhook with missing, forged, stale or mismatched signatures: 400;
 *  - public reads with junk query strings, bodies and cookies: never 5xx (a paged read refuses a bad
 *    limit or a cursor not its own with a 400 {message}).
 * Every refusal is a JSON {message} and changes nothing in the table (a Scan before and after; only the
 * session touch of functions/http/session.ts may write). The real HTTP gateway gets the same treatment
 * for what only it sees (unknown paths, methods, raw bytes).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { localPaymentGateway, localWebhookSecret } from "../../../functions/adapters/payments/index.ts";
import { signWebhook, succeededEvent } from "../../../functions/adapters/payments/local-gateway.ts";
import { type HttpRoute, httpRoutes } from "../../../functions/routes.ts";
import { matchRoute } from "../../../scripts/local/gateway/match-route.ts";
import { invokeRoute, type RouteResponse } from "../../../scripts/local/invoke-route.ts";
import { useDiscardedEmails } from "../support/discard-emails.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import { expectJsonMessage } from "./support/answers.ts";
import {
  foreignOrigin,
  hostileId,
  hostileString,
  INJECTION_STRINGS,
  MAX_BODY_BYTES,
  malformedJson,
  notAnObject,
  raw,
  wrongContentType,
} from "./support/hostile.ts";
import { catalog, isMutation, pathOf, pathParamNames, routeKey, schemasOf } from "./support/route-catalog.ts";
import { type Snapshot, sessionTouch, snapshotTable, unexpectedChanges } from "./support/table-snapshot.ts";
import { buildWorld, type Caller, type World } from "./support/world.ts";

useFreshTable("proof-routes");
// A password reset request queues on every call, whoever asks.
useDiscardedEmails();
const gateway = useLocalGateway();

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);

interface Sent {
  route: HttpRoute;
  path: string;
  body?: string;
  as?: Caller | null;
  cookies?: string[];
  headers?: Record<string, string>;
}

async function send({ route, path, body, as, cookies, headers }: Sent): Promise<RouteResponse<unknown>> {
  return invokeRoute({
    method: route.method,
    path,
    ...(body === undefined ? {} : { body }),
    cookies: cookies ?? (as ? [as.cookie] : []),
    headers,
  });
}

/** Sends, then checks: the exact status(es) expected, a JSON message, and an unchanged table. */
async function expectRefused(request: Sent, statuses: number[], context: string) {
  const before: Snapshot = await snapshotTable();
  const res = await send(request);
  const what = `${context} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(statuses, what).toContain(res.status);
  expectJsonMessage(res, what);
  expect(unexpectedChanges(before, await snapshotTable(), [sessionTouch]), what).toEqual([]);
  return res;
}

const canEncode = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

/** True when `path` reaches `route` (an id such as "won" or "pending" may name another route). */
const reaches = (route: HttpRoute, path: string) => {
  const match = matchRoute(route.method, path);
  return !!match && "route" in match && match.route === route;
};

const validBodyText = (route: HttpRoute) => {
  const body = catalog[route.handler]!(world).body;
  return body === undefined ? undefined : JSON.stringify(body);
};

describe("the catalog", () => {
  it("has a well-formed call for exactly the routes of the route table", () => {
    expect(Object.keys(catalog).sort()).toEqual(httpRoutes.map((r) => r.handler).sort());
  });

  it("the table snapshot sees a write: a valid bid changes the user, the auction, adds one bid and the bidder tally", async () => {
    const before = await snapshotTable();
    const res = await world.otherBuyer.call({
      method: "POST",
      path: `/api/auctions/${world.liveAuctionId}/bid`,
    });
    expect(res.status).toBe(200);
    const changed = unexpectedChanges(before, await snapshotTable(), [sessionTouch]).map(
      (c) => `${c.kind} ${c.key.split("|")[0]!.split("#")[0]}`,
    );
    expect(changed.sort()).toEqual(["added BIDDERS", "added BIDS", "changed AUCTION", "changed USER"]);
  });
});

describe("path ids that do not exist", () => {
  for (const route of httpRoutes.filter((r) => pathParamNames(r).length > 0)) {
    it(`${routeKey(route)}: 400 or 404 {message}, nothing written`, async () => {
      const call = catalog[route.handler]!(world);
      await fc.assert(
        fc.asyncProperty(hostileId.filter(canEncode), async (id) => {
          const params = Object.fromEntries(pathParamNames(route).map((name) => [name, id]));
          const path = pathOf(route, params);
          fc.pre(reaches(route, path));
          await expectRefused(
            { route, path, as: call.as, body: validBodyText(route) },
            [400, 404],
            `${routeKey(route)} id=${JSON.stringify(id.slice(0, 80))}`,
          );
        }),
        { numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
      );
    });
  }
});

const protectedMutations = httpRoutes.filter((r) => isMutation(r) && !r.csrfExempt);

describe("CSRF: every mutation, with a valid session, ids and body", () => {
  it("refuses a content type other than JSON with 415, writing nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...protectedMutations),
        wrongContentType,
        async (route, contentType) => {
          const call = catalog[route.handler]!(world);
          await expectRefused(
            {
              route,
              path: pathOf(route, call.params),
              as: call.as,
              body: validBodyText(route) ?? "{}",
              headers: { "content-type": contentType },
            },
            [415],
            `${routeKey(route)} as ${contentType || "(none)"}`,
          );
        },
      ),
      { numRuns: RUNS * 2, endOnFailure: true },
    );
  });

  it("refuses a foreign Origin with 403, writing nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...protectedMutations), foreignOrigin, async (route, origin) => {
        const call = catalog[route.handler]!(world);
        await expectRefused(
          {
            route,
            path: pathOf(route, call.params),
            as: call.as,
            body: validBodyText(route),
            headers: { origin },
          },
          [403],
          `${routeKey(route)} from ${origin}`,
        );
      }),
      { numRuns: RUNS * 2, endOnFailure: true },
    );
  });
});

/** What a caller without the role gets: anonymous 401, signed in with another role 403. */
function roleRefusal(route: HttpRoute, caller: Caller | null): number | null {
  if (route.role === "public") return null;
  if (!caller) return 401;
  if (route.role === "user") return null;
  return caller.role === route.role ? null : 403;
}

describe("callers without the route's role", () => {
  it("get 401/403 (413 over the size limit) whatever they send, and write nothing", async () => {
    const callers = () => [null, world.buyer, world.seller, world.pendingSeller, world.admin];
    const anyBody = fc.oneof(
      fc.constant(undefined),
      malformedJson(undefined).map(raw),
      notAnObject.map((v) => raw(JSON.stringify(v))),
      fc
        .dictionary(fc.string({ maxLength: 12 }), hostileString, { maxKeys: 3 })
        .map((o) => raw(JSON.stringify(o))),
    );
    const forged = fc.oneof(
      fc.constant<string[] | undefined>(undefined),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((t) => [`sid=${t}`]),
      fc.constantFrom(...INJECTION_STRINGS.filter(canEncode)).map((t) => [`sid=${encodeURIComponent(t)}`]),
      fc.constant<string[]>([`sid=${"A".repeat(5000)}`]),
    );
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...httpRoutes),
        fc.nat({ max: 4 }),
        anyBody,
        forged,
        fc.boolean(),
        async (route, callerIndex, rawBody, forgedCookies, existingIds) => {
          const body = rawBody?.text;
          const caller = forgedCookies ? null : callers()[callerIndex]!;
          const expected = roleRefusal(route, caller);
          fc.pre(expected !== null);
          const call = catalog[route.handler]!(world);
          const params = existingIds
            ? call.params
            : Object.fromEntries(pathParamNames(route).map((n) => [n, crypto.randomUUID()]));
          const tooLarge = body !== undefined && Buffer.byteLength(body) > MAX_BODY_BYTES;
          checked++;
          await expectRefused(
            { route, path: pathOf(route, params), as: caller, cookies: forgedCookies, body },
            [tooLarge ? 413 : expected!],
            `${routeKey(route)} as ${forgedCookies ? "forged cookie" : (caller?.role ?? "anonymous")}`,
          );
        },
      ),
      { numRuns: RUNS * 3, endOnFailure: true },
    );
    expect(checked).toBeGreaterThan(RUNS);
  });
});

describe("the payment webhook", () => {
  it("refuses missing, forged, stale, mismatched and foreign-secret signatures with 400, writing nothing", async () => {
    const webhookRoute = httpRoutes.find((r) => r.handler === "payments/stripe-webhook")!;
    const intent = (await localPaymentGateway().retrievePaymentIntent(world.intentId))!;
    const now = Date.now();
    const genuine = signWebhook(succeededEvent(intent, now), localWebhookSecret(), now);
    const forgedEvent = (payload: string) => payload.replace(/"amount": \d+/, '"amount": 1');
    const signed = fc.oneof(
      fc.constant({
        label: "no signature",
        payload: genuine.payload,
        header: undefined as string | undefined,
      }),
      fc
        .string({ maxLength: 80 })
        .map((header) => ({ label: "random header", payload: genuine.payload, header })),
      fc.constant({
        label: "tampered body",
        payload: forgedEvent(genuine.payload),
        header: genuine.signatureHeader,
      }),
      fc.constant({
        label: "another secret",
        payload: genuine.payload,
        header: signWebhook(succeededEvent(intent, now), "whsec_attacker", now).signatureHeader,
      }),
      fc.constant(
        (() => {
          const old = now - 3_600_000;
          const stale = signWebhook(succeededEvent(intent, old), localWebhookSecret(), old);
          return { label: "an hour old", payload: stale.payload, header: stale.signatureHeader };
        })(),
      ),
      fc
        .tuple(malformedJson(undefined), fc.option(fc.string({ maxLength: 40 })))
        .map(([payload, header]) => ({ label: "junk body", payload, header: header ?? undefined })),
    );
    await fc.assert(
      fc.asyncProperty(signed, async ({ label, payload, header }) => {
        await expectRefused(
          {
            route: webhookRoute,
            path: webhookRoute.path,
            body: payload,
            headers: header === undefined ? {} : { "stripe-signature": header },
          },
          [400],
          `webhook, ${label}`,
        );
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe("public reads", () => {
  it("answer junk query strings, bodies and cookies without a 5xx", async () => {
    // The local outbox is left out: its `to` is required, so a query without it is rightly a 400.
    const reads = httpRoutes.filter((r) => r.method === "GET" && r.role === "public" && !r.localStackOnly);
    const query = fc
      .dictionary(
        fc.constantFrom("status", "metalType", "limit", "cursor", "id", "__proto__", "q"),
        hostileString,
        {
          maxKeys: 3,
        },
      )
      .map((q) =>
        Object.entries(q)
          .filter(([, v]) => canEncode(v) && v.length < 4000)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join("&"),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        query,
        fc.option(hostileString.map(raw)),
        async (route, qs, junk) => {
          const call = catalog[route.handler]!(world);
          const path = `${pathOf(route, call.params)}${qs ? `?${qs}` : ""}`;
          const body = junk?.text;
          const res = await send({ route, path, body, cookies: ["sid=junk", "other=<x>"] });
          const context = `${path.slice(0, 200)} -> ${JSON.stringify(res.body).slice(0, 200)}`;
          // A paged read refuses a limit its schema refuses, or a cursor that is not one of its own.
          const asked = Object.fromEntries(new URLSearchParams(qs));
          const pageSchema = (await schemasOf(route)).query;
          const refusable =
            pageSchema !== undefined && (!pageSchema.safeParse(asked).success || asked.cursor !== undefined);
          // A body over the limit is refused even on a read; anything else is answered.
          const tooLarge = body !== undefined && Buffer.byteLength(body) > MAX_BODY_BYTES;
          if (!tooLarge && refusable && res.status === 400) expectJsonMessage(res, context);
          else expect(res.status, context).toBe(tooLarge ? 413 : 200);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe("malformed headers", () => {
  it("a session cookie that is not percent-encoding, or a 2 KB viewer address, is never a 5xx on any route", async () => {
    const cookies = ["sid=%zz", "sid=%E0%A4%A", "__Host-sid=%", `sid=${"%".repeat(300)}`];
    const addresses = ["9".repeat(2100), "<script>", "::ffff:1.2.3.4, 5.6.7.8", ""];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...httpRoutes),
        fc.constantFrom(...cookies),
        fc.constantFrom(...addresses),
        async (route, cookie, address) => {
          const call = catalog[route.handler]!(world);
          const res = await send({
            route,
            path: pathOf(route, call.params),
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
            cookies: [cookie],
            headers: { "x-viewer-address": address },
          });
          expect(
            res.status,
            `${routeKey(route)} with ${cookie.slice(0, 20)} -> ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe("through the local HTTP gateway", () => {
  const url = (path: string) => `${gateway.url}${path}`;
  const jsonOf = async (res: Response) => {
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { message?: string };
    expect(body.message).toEqual(expect.any(String));
    return body;
  };

  it("answers unknown /api paths 404 and a wrong method 405, as JSON", async () => {
    for (const path of [
      "/api/nope",
      "/api/auctions/x/y/z",
      "/api/admin",
      "/api/../etc/passwd",
      "/api/%2e%2e/x",
    ]) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(404);
      await jsonOf(res);
    }
    const res = await fetch(url("/api/auctions"), { method: "DELETE" });
    expect(res.status).toBe(405);
    await jsonOf(res);
  });

  it("answers a path id that is not valid percent-encoding with a 4xx JSON message", async () => {
    for (const path of ["/api/auctions/%E0%A4%A", "/api/auctions/%zz", "/api/auctions/%E0%A4%A/ledger"]) {
      const res = await fetch(url(path));
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      await jsonOf(res);
    }
    const bid = await fetch(url("/api/auctions/%zz/bid"), {
      method: "POST",
      headers: { "content-type": "application/json", cookie: world.buyer.cookie },
    });
    expect(bid.status).toBeLessThan(500);
  });

  it("refuses a 1 MB body, malformed JSON and invalid UTF-8 with a 4xx JSON message, writing nothing", async () => {
    const before = await snapshotTable();
    const cookie = world.buyer.cookie;
    const headers = { "content-type": "application/json", cookie };
    const cases: Array<[string, BodyInit, number]> = [
      ["1 MB", JSON.stringify({ packageId: "x".repeat(1024 * 1024) }), 413],
      ["malformed", '{"packageId": ', 400],
      ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400],
    ];
    for (const [label, body, status] of cases) {
      const res = await fetch(url("/api/create-payment-intent"), { method: "POST", headers, body });
      expect(res.status, label).toBe(status);
      await jsonOf(res);
    }
    expect(unexpectedChanges(before, await snapshotTable(), [sessionTouch])).toEqual([]);
  });
});
