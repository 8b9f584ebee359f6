import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "../../../scripts/seed/demo-auctions.ts";
import { demoPhotoUrl, productPhotoSvg } from "../../../scripts/seed/product-art.ts";

const METAL_WORD = { gold: "GOLD", silver: "SILVER", platinum: "PLATINUM", mixed: "MIXED" } as const;

describe("the seeded demo photos", () => {
  it.each(DEMO_PRODUCTS.map((p) => [p.slug, p] as const))(
    "%s has its own photo, naming it and its metal",
    (_slug, product) => {
      expect(product.imageUrl).toBe(demoPhotoUrl(product.slug));
      const file = readFileSync(join(import.meta.dirname, "../../../web/public", product.imageUrl), "utf8");
      // The committed file is the generator's output (npm run seed:art writes it).
      expect(file).toBe(productPhotoSvg({ ...product, shape: product.art }));
      expect(file).toContain(`<title id="title">${product.name}</title>`);
      const drawn = file.replace(/<title[^<]*<\/title>/, "");
      if (product.art !== "chain" && product.art !== "bracelet")
        expect(drawn).toContain(METAL_WORD[product.metalType]);
      expect(file.length).toBeLessThan(8000);
    },
  );

  it("draws no two products alike and fetches nothing", () => {
    const files = DEMO_PRODUCTS.map((p) => productPhotoSvg({ ...p, shape: p.art }));
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(file).not.toMatch(/href=|url\((?!#)/);
  });
});
