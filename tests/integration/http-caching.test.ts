import { describe, expect, it } from "vitest";
import { invokeRoute } from "../../scripts/local/invoke-route.ts";
import { useFreshTable } from "./support/fresh-table.ts";

useFreshTable("caching");

describe("cache headers", () => {
  it("lets the edge share the public auction list for a second, never a browser", async () => {
    const res = await invokeRoute({ method: "GET", path: "/api/auctions" });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=1");
  });

  it("keeps personal answers and errors out of every cache", async () => {
    const me = await invokeRoute({ method: "GET", path: "/api/auth/me" });
    expect(me.status).toBe(401);
    expect(me.headers["cache-control"]).toBe("no-store");
    const missing = await invokeRoute({ method: "GET", path: "/api/auctions/no-such-auction" });
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
  });
});
