import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type HandlerModule, lambdaHandlerOf } from "../../../functions/http/handler-module.ts";
import { definePublicRoute, defineRoute } from "../../../functions/http/route.ts";
import { findRoute, handlerSourceFile, httpRoutes, routeOfHandler } from "../../../functions/routes.ts";
import { matchRoute } from "../../../scripts/local/gateway/match-route.ts";

describe("route table", () => {
  it("has every docs/product.md section 7 call", () => {
    const table = new Set(httpRoutes.map((r) => `${r.method} ${r.path}`));
    const spec = [
      "POST /api/auth/login",
      "POST /api/auth/register",
      "POST /api/auth/logout",
      "GET /api/auth/me",
      "GET /api/bid-packages",
      "GET /api/auctions",
      "GET /api/auctions/{id}",
      "POST /api/auctions/{id}/bid",
      "GET /api/auctions/won",
      "GET /api/orders/buyer",
      "POST /api/create-payment-intent",
      "POST /api/orders",
      "POST /api/orders/{id}/payment-intent",
      "GET /api/seller/products",
      "GET /api/seller/auctions",
      "POST /api/seller/products",
      "GET /api/orders/seller",
      "PATCH /api/orders/{id}/shipping",
      "GET /api/admin/sellers/pending",
      "GET /api/admin/products",
      "GET /api/admin/products/pending",
      "GET /api/admin/auctions",
      "GET /api/admin/users",
      "GET /api/admin/stats/users",
      "POST /api/admin/products",
      "DELETE /api/admin/products/{id}",
      "POST /api/admin/products/{id}/approve",
      "POST /api/admin/products/{id}/reject",
      "POST /api/admin/users/{id}/reset-password",
      "POST /api/admin/users/{id}/adjust-bids",
      "DELETE /api/admin/users/{id}",
      "POST /api/admin/sellers/{id}/approve",
      "POST /api/admin/sellers/{id}/reject",
    ];
    expect(spec.filter((call) => !table.has(call))).toEqual([]);
  });

  it("has no duplicate route and a handler file for every route", () => {
    const keys = httpRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      httpRoutes.filter((r) => !existsSync(`functions/handlers/${r.handler}.ts`)).map((r) => r.handler),
    ).toEqual([]);
  });

  it("serves every route from its file: public routes through definePublicRoute, the others through defineRoute", async () => {
    const served = await Promise.all(
      httpRoutes.map(async (route) => {
        // A path computed apart: an import() of a template literal makes Vite warn that it cannot list the files.
        const file = `../../../functions/handlers/${handlerSourceFile(route.handler)}`;
        const mod = (await import(/* @vite-ignore */ file)) as HandlerModule;
        return {
          id: route.handler,
          definesRoute: mod.route !== undefined,
          handler: lambdaHandlerOf(mod, route.handler),
        };
      }),
    );
    expect(served.filter((s) => !s.definesRoute || typeof s.handler !== "function").map((s) => s.id)).toEqual(
      [],
    );
  });

  it("refuses to serve a definition under a route of the other audience, or under no route", () => {
    const logic = async () => ({});
    expect(() => definePublicRoute({}, logic).serve("auth/me")).toThrow(
      /user route: it must use defineRoute/,
    );
    expect(() => defineRoute({}, logic).serve("auth/login")).toThrow(
      /public route: it must use definePublicRoute/,
    );
    expect(() => defineRoute({}, logic).serve("nope/nope")).toThrow(/No route/);
    expect(() => lambdaHandlerOf({}, "auth/me")).toThrow(/exports neither a route/);
  });

  it("matches /api/auctions/won before the {id} route and extracts parameters", () => {
    const won = matchRoute("GET", "/api/auctions/won");
    expect(won && "route" in won && won.route.handler).toBe("auctions/list-won-auctions");
    const detail = matchRoute("GET", "/api/auctions/abc-123");
    expect(detail && "route" in detail && detail.pathParameters).toEqual({ id: "abc-123" });
  });

  it("ranks a static segment above a {param} whatever the table's order, as API Gateway does", () => {
    const route = (path: string, handler: string) => ({
      method: "GET" as const,
      path,
      handler,
      role: "public" as const,
    });
    const paramFirst = [
      route("/api/items/{id}", "items/get"),
      route("/api/items/featured", "items/featured"),
    ];
    const featured = matchRoute("GET", "/api/items/featured", paramFirst);
    expect(featured && "route" in featured && featured.route.handler).toBe("items/featured");
    const other = matchRoute("GET", "/api/items/42", paramFirst);
    expect(other && "route" in other && other.route.handler).toBe("items/get");
    // The earlier static segment decides: /a/x/{p} outranks /a/{q}/y for /a/x/y.
    const nested = [route("/a/{q}/y", "q"), route("/a/x/{p}", "p")];
    const chosen = matchRoute("GET", "/a/x/y", nested);
    expect(chosen && "route" in chosen && chosen.route.handler).toBe("p");
  });

  it("tells an unknown path from a known path with the wrong method", () => {
    expect(matchRoute("GET", "/api/nope")).toBeNull();
    expect(matchRoute("DELETE", "/api/auth/me")).toEqual({ methodNotAllowed: true });
  });

  it("finds a route by handler and refuses an unknown handler", () => {
    expect(findRoute("auth/me").role).toBe("user");
    expect(() => routeOfHandler("nope/nope")).toThrow(/No route/);
  });
});
