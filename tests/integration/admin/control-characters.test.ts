/**
 * A product named "X\r\nBcc: evil@example.com" would have put a header into its emails' subjects: the
 * routes that take names refuse control characters with a 400 naming the field, and store nothing.
 */
import { describe, expect, it } from "vitest";
import type { ProductView } from "#shared/schemas/seller";
import { useFreshTable } from "../support/fresh-table.ts";
import { approvedSeller, productBody, signUp } from "./fixtures.ts";

useFreshTable("control-characters");

const INJECTION = "X\r\nBcc: evil@example.com";

describe("names with control characters", () => {
  it("are refused by the seller's and the admin's product routes and the package route, storing nothing", async () => {
    const admin = await signUp("admin");
    const seller = await approvedSeller(admin);
    const refused = [
      await seller.call({
        method: "POST",
        path: "/api/seller/products",
        body: productBody({ name: INJECTION }),
      }),
      await admin.call({
        method: "POST",
        path: "/api/admin/products",
        body: productBody({ name: INJECTION }),
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("name: Name must not contain line breaks or other control characters");
    }
    const pkg = await admin.call({
      method: "POST",
      path: "/api/admin/bid-packages",
      body: { name: "Bids\nfor you", bidCount: 10, price: "5.00" },
    });
    expect(pkg.status).toBe(400);
    expect(pkg.body.message).toBe("name: Name must not contain line breaks or other control characters");

    const products = await seller.call<ProductView[]>({ method: "GET", path: "/api/seller/products" });
    expect(products.body).toEqual([]);
    const packages = await admin.call<{ name: string }[]>({ method: "GET", path: "/api/admin/bid-packages" });
    expect(packages.body.map((p) => p.name)).not.toContain("Bids\nfor you");
  });
});
