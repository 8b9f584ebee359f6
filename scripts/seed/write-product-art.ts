/** Writes the seeded demo products' photos (scripts/seed/product-art.ts) under web/public. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_PRODUCTS } from "./demo-auctions.ts";
import { DEMO_ART_DIR, productPhotoSvg } from "./product-art.ts";

const dir = join(import.meta.dirname, "../../web/public", DEMO_ART_DIR);
mkdirSync(dir, { recursive: true });
for (const product of DEMO_PRODUCTS) {
  writeFileSync(join(dir, `${product.slug}.svg`), productPhotoSvg({ ...product, shape: product.art }));
}
console.log(`Wrote ${DEMO_PRODUCTS.length} photos to ${dir}`);
