import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type HttpRoute, httpRoutes } from "../../functions/routes.ts";
import { exceptionHandlerIds, knownHandlerIds } from "../../infra/access.ts";
import { readStageConfig } from "../../infra/config.ts";
import {
  contentSecurityPolicy,
  globMatches,
  planApiBehaviours,
  SPA_FALLBACK_FUNCTION,
} from "../../infra/edge.ts";
import { BOOT_SCRIPT, shellFileFor } from "../../web/shells.ts";
import { cdkJsonContext } from "./support/synth.ts";

const contextOf = (values: Record<string, unknown>) => (key: string) => values[key];

describe("stage settings", () => {
  it("dev (the default stage) uses the local payment provider and throws its data away with the stack", () => {
    const config = readStageConfig(contextOf(cdkJsonContext()));
    expect(config).toMatchObject({
      stage: "dev",
      stackName: "PennyAuction-dev",
      stripeMode: "local",
      ephemeral: true,
      auctionDefaultDurationSeconds: 3600,
    });
    expect(config.stripe).toBeUndefined();
  });

  it("a -c value (always a string on the command line) overrides cdk.json's stage settings", () => {
    const config = readStageConfig(
      contextOf({
        ...cdkJsonContext(),
        stage: "prod",
        stripePublishableKey: "pk_live_1",
        auctionDefaultDurationSeconds: "600",
      }),
    );
    expect(config).toMatchObject({
      stage: "prod",
      stripeMode: "stripe",
      ephemeral: false,
      auctionDefaultDurationSeconds: 600,
    });
    expect(config.stripe).toEqual({
      publishableKey: "pk_live_1",
      publishableKeyParameter: "/penny-auction-prod/stripe/publishable-key",
      secretKeyParameter: "/penny-auction-prod/stripe/secret-key",
      webhookSecretParameter: "/penny-auction-prod/stripe/webhook-secret",
    });
  });

  it("reads a Stripe stage's publishable key from SSM at deploy unless one is given, and refuses a key that is not one", () => {
    const config = readStageConfig(contextOf({ stage: "prod", stripeMode: "stripe" }));
    expect(config.stripe?.publishableKey).toBeUndefined();
    expect(config.stripe?.publishableKeyParameter).toBe("/penny-auction-prod/stripe/publishable-key");
    expect(() =>
      readStageConfig(contextOf({ stage: "prod", stripeMode: "stripe", stripePublishableKey: "sk_live_1" })),
    ).toThrow(/must be a publishable key/);
  });

  it("refuses a domain without a certificate, and odd stage names", () => {
    expect(() => readStageConfig(contextOf({ stage: "prod", domainName: "a.example.com" }))).toThrow(
      /domainName and certificateArn go together/,
    );
    expect(() => readStageConfig(contextOf({ stage: "Prod_1" }))).toThrow(
      /Invalid settings for stage "Prod_1"/,
    );
    // Lambda names (penny-auction-<stage>-<area>-<handler>) must stay within 64 characters.
    expect(() => readStageConfig(contextOf({ stage: "a-very-long-stage" }))).toThrow(/at most 15/);
    expect(() => readStageConfig(contextOf({ stage: "x", auctionDefaultDurationSeconds: "soon" }))).toThrow(
      /auctionDefaultDurationSeconds/,
    );
  });

  it("keeps data of any stage that is not dev/test/local unless told otherwise", () => {
    const local = { stripeMode: "local" };
    expect(readStageConfig(contextOf({ stage: "staging", ...local })).ephemeral).toBe(false);
    expect(readStageConfig(contextOf({ stage: "dev-alice", ...local })).ephemeral).toBe(true);
    expect(readStageConfig(contextOf({ stage: "staging", dataRemoval: "destroy", ...local })).ephemeral).toBe(
      true,
    );
  });

  it("gives a disposable stage that cdk.json does not name the dev defaults: test cards, regional alarms, 3-day logs", () => {
    const alice = readStageConfig(contextOf({ ...cdkJsonContext(), stage: "dev-alice" }));
    expect(alice).toMatchObject({
      stage: "dev-alice",
      stripeMode: "local",
      lambdaAlarms: "region",
      logRetentionDays: 3,
      ephemeral: true,
      waf: false,
    });
    // cdk.json's own entry for a disposable stage, and -c values, still win.
    expect(readStageConfig(contextOf(cdkJsonContext())).logRetentionDays).toBe(7);
    expect(
      readStageConfig(contextOf({ stage: "test-ci", stripeMode: "stripe", lambdaAlarms: "per-function" })),
    ).toMatchObject({ stripeMode: "stripe", lambdaAlarms: "per-function", logRetentionDays: 3 });
  });

  it("gives no stage that keeps its data the local payment provider unless it says so", () => {
    for (const stage of ["staging", "production", "devops"]) {
      expect(() => readStageConfig(contextOf({ stage }))).toThrow(/does not say which payment provider/);
      expect(() => readStageConfig(contextOf({ stage, stages: { [stage]: { logLevel: "INFO" } } }))).toThrow(
        /set stripeMode/,
      );
    }
    expect(readStageConfig(contextOf({ stage: "demo", stripeMode: "local" })).stripeMode).toBe("local");
    // cdk.json's dev stage says so explicitly.
    expect(readStageConfig(contextOf(cdkJsonContext())).stripeMode).toBe("local");
  });
});

describe("access declarations", () => {
  it("name only handlers that exist in the route table", () => {
    const known = knownHandlerIds();
    for (const id of exceptionHandlerIds) expect(known.has(id), id).toBe(true);
  });
});

describe("CloudFront behaviours from the route table", () => {
  const route = (method: HttpRoute["method"], path: string, edgeCacheSeconds?: number): HttpRoute => ({
    method,
    path,
    handler: "x/y",
    role: "public",
    edgeCacheSeconds,
  });

  it("put every uncached route a cached pattern would catch before it", () => {
    const plan = planApiBehaviours(httpRoutes);
    const patterns = plan.map((b) => b.pathPattern);
    // The more specific pattern first: CloudFront takes the first that matches.
    expect(plan.filter((b) => b.cacheSeconds).map((b) => b.pathPattern)).toEqual([
      "/api/auctions/*/ledger",
      "/api/spot-prices",
      "/api/auctions/*",
      "/api/auctions",
    ]);
    // Only the detail answers a signed-in caller with their own part: it alone keys on the session.
    expect(plan.filter((b) => b.sessionInKey).map((b) => b.pathPattern)).toEqual(["/api/auctions/*"]);
    // Only the ledger's pages may be kept longer than their second (an ended auction's, marked immutable).
    expect(plan.filter((b) => b.maxCacheSeconds).map((b) => [b.pathPattern, b.maxCacheSeconds])).toEqual([
      ["/api/auctions/*/ledger", 31_536_000],
    ]);
    expect(patterns.indexOf("/api/auctions/won")).toBeLessThan(patterns.indexOf("/api/auctions/*"));
    expect(patterns.indexOf("/api/auctions/*/bid")).toBeLessThan(patterns.indexOf("/api/auctions/*"));
    expect(plan.find((b) => b.pathPattern === "/api/auctions/won")?.cacheSeconds).toBeUndefined();
  });

  it("shield a new signed-in route under a cached path without anyone remembering to", () => {
    const plan = planApiBehaviours([
      route("GET", "/api/items/{id}", 1),
      route("POST", "/api/items/{id}/watch"),
    ]);
    expect(plan).toEqual([
      { pathPattern: "/api/items/*/watch" },
      { pathPattern: "/api/items/*", cacheSeconds: 1 },
    ]);
  });

  it("refuse an uncached method on a cached path: CloudFront chooses by path, the method would lose its cookie", () => {
    expect(() =>
      planApiBehaviours([route("GET", "/api/items/{id}", 1), route("DELETE", "/api/items/{id}")]),
    ).toThrow(/DELETE \/api\/items\/\{id\} shares its path/);
  });

  it("match paths the way CloudFront does", () => {
    expect(globMatches("/api/auctions/*", "/api/auctions/a/bid")).toBe(true);
    expect(globMatches("/api/auctions/*", "/api/auctions")).toBe(false);
    expect(globMatches("/api/auctions", "/api/auctions")).toBe(true);
    expect(globMatches("/api/a?c", "/api/abc")).toBe(true);
    expect(globMatches("/api/a.c", "/api/abc")).toBe(false);
  });
});

describe("SPA fallback function", () => {
  // CloudFront Functions run plain JavaScript with a `handler(event)`: run the same source here.
  const handler = new Function(`${SPA_FALLBACK_FUNCTION}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it("serves each client-side route its prerendered shell and leaves files alone", () => {
    expect(rewrite("/")).toBe("/index.html");
    expect(rewrite("/auction/3f2c9a")).toBe("/auction.html");
    expect(rewrite("/auctions/3f2c9a")).toBe("/auction.html");
    expect(rewrite("/auctions/3f2c9a/")).toBe("/auction.html");
    // A page of its own under /auctions, and everything else: the neutral shell, never the home page's.
    expect(rewrite("/auctions/won")).toBe("/page.html");
    expect(rewrite("/auctions/won/")).toBe("/page.html");
    expect(rewrite("/auction/3f2c9a/extra")).toBe("/page.html");
    expect(rewrite("/login")).toBe("/page.html");
    expect(rewrite("/admin/")).toBe("/page.html");
    expect(rewrite("/not-a-route")).toBe("/page.html");
    expect(rewrite("/assets/index-abc123.js")).toBe("/assets/index-abc123.js");
    expect(rewrite("/auction.html")).toBe("/auction.html");
    expect(rewrite("/favicon.svg")).toBe("/favicon.svg");
    expect(rewrite("/images/silver.coins.jpg")).toBe("/images/silver.coins.jpg");
  });

  it("is what vite preview routes by (web/shells.ts)", () => {
    for (const uri of ["/", "/auction/a1", "/auctions/won", "/login", "/favicon.svg"]) {
      expect(shellFileFor(uri)).toBe(rewrite(uri));
    }
  });
});

describe("Content-Security-Policy", () => {
  it("allows Stripe.js and its frames only when Stripe is on", () => {
    const withStripe = contentSecurityPolicy({ stripe: true });
    expect(withStripe).toMatch(/script-src 'self' 'sha256-[\w+/=]+' https:\/\/js\.stripe\.com/);
    expect(withStripe).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(withStripe).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    const local = contentSecurityPolicy({ stripe: false });
    expect(local).not.toContain("stripe");
    expect(local).toContain("frame-src 'none'");
    expect(local).toContain("frame-ancestors 'none'");
    expect(local).toContain("object-src 'none'");
  });

  it("lets the site's own manifest and service worker load, and no other origin's", () => {
    for (const stripe of [false, true]) {
      const directives = contentSecurityPolicy({ stripe }).split("; ");
      expect(directives).toContain("manifest-src 'self'");
      expect(directives).toContain("worker-src 'self'");
    }
  });

  it("allows the pages' one inline script by its hash, and no other inline script", () => {
    const hash = createHash("sha256").update(BOOT_SCRIPT, "utf8").digest("base64");
    for (const stripe of [false, true]) {
      const scriptSrc = contentSecurityPolicy({ stripe })
        .split("; ")
        .find((d) => d.startsWith("script-src "));
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    }
  });
});
