/**
 * Idempotent local seed: the admin, a demo buyer with credits, bid packages and the demo catalogue
 * (an approved seller, products with the bundled preset images, live auctions ending at staggered
 * times). Run by `npm run dev` on every start; running it twice changes nothing.
 */
import { pathToFileURL } from "node:url";
import { DEFAULT_ADMIN_PASSWORD, DEMO_BUYER, seedAccounts } from "./seed/accounts.ts";

export interface SeedResult {
  admin: { username: string; password: string };
  buyer: { username: string; password: string };
}

/** Optional parts are owned by their features; a part not built yet is skipped, not an error. */
async function runPart(modulePath: string, exportName: string) {
  let mod: Record<string, unknown>;
  try {
    mod = await import(modulePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return;
    throw error;
  }
  const fn = mod[exportName];
  if (typeof fn === "function") await fn();
}

export async function seed(): Promise<SeedResult> {
  const adminPassword = process.env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  await seedAccounts(adminPassword);
  await runPart("./seed/bid-packages.ts", "seedBidPackages");
  await runPart("./seed/demo-auctions.ts", "seedDemoAuctions");
  return {
    admin: { username: "admin", password: adminPassword },
    buyer: { username: DEMO_BUYER.username, password: DEMO_BUYER.password },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await seed();
  console.log(`Seeded. Admin: ${result.admin.username} / ${result.admin.password}`);
}
