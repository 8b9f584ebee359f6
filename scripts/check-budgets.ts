/**
 * npm run check:budgets — the speed budgets, checked on fresh builds; exits 1 when one is exceeded.
 *
 *  - Web: the JavaScript a first visit downloads before the home page can run (gzip), read from the
 *    Vite manifest of a production build made into a temporary directory: the entry chunk and every
 *    chunk it imports statically (lazy pages excluded), plus the entry CSS.
 *  - Lambda: every function's minified bundle, measured by scripts/check-bundle-sizes.ts (the very
 *    esbuild build the CDK app deploys), against the budgets below.
 *
 *   npm run check:budgets
 *   npm run check:budgets -- --only web      # or --only lambda
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { eventHandlers, httpRoutes } from "../functions/routes.ts";
import { measureBundles } from "./check-bundle-sizes.ts";
import { repoRoot, viteBin, webViteConfig } from "./local/paths.ts";

const KB = 1024;

/** First-load JavaScript of the home page, gzip (at most 150 KB; docs/decisions.md "Budgets"). */
export const WEB_FIRST_LOAD_JS_GZIP_BUDGET = 150 * KB;
/** First-load JavaScript of an auction page opened directly (the entry plus the page's chunk), gzip. */
export const WEB_AUCTION_PAGE_JS_GZIP_BUDGET = 160 * KB;
/** The auction page's module, as the Vite manifest names it. */
const AUCTION_PAGE_MODULE = "src/features/auctions/pages/auction-detail-page.tsx";
/** First-load CSS, gzip. */
export const WEB_FIRST_LOAD_CSS_GZIP_BUDGET = 25 * KB;

/**
 * Every function that never pays, minified, less the bundled AWS SDK (at most 120 KB; 110 KB until an
 * auction's end worked out its economics and every stored read went through a schema, which took
 * auctions/buy-now to 117.9 KB and orders/create-order to 111.6 KB); most handlers are ~70-100 KB.
 */
export const LAMBDA_DEFAULT_BUDGET = 120 * KB;
/** Functions that talk to the payment provider carry the Stripe SDK (~240 KB minified). */
export const PAYMENT_LAMBDA_BUDGET = 400 * KB;
/**
 * The four passkey ceremonies carry @simplewebauthn/server, whose entry always loads its attestation
 * certificate parsers (~320-370 KB minified, as much as the Stripe SDK); docs/decisions.md "Passkeys".
 */
export const WEBAUTHN_LAMBDA_BUDGET = 400 * KB;
/**
 * The alert sender carries web-push (its VAPID signature's ASN.1 and big-number code, ~80 KB minified)
 * beside the email code: 190 KB measured on adding it.
 */
export const PUSH_LAMBDA_BUDGET = 220 * KB;
export const LAMBDA_BUDGETS: Record<string, number> = Object.fromEntries([
  ...httpRoutes
    .filter((route) => route.callsPaymentProvider)
    .map((route) => [route.handler, PAYMENT_LAMBDA_BUDGET]),
  ...httpRoutes.filter((route) => route.webAuthn).map((route) => [route.handler, WEBAUTHN_LAMBDA_BUDGET]),
  [eventHandlers.emailSender, PUSH_LAMBDA_BUDGET],
]);

export const lambdaBudget = (handlerId: string) => LAMBDA_BUDGETS[handlerId] ?? LAMBDA_DEFAULT_BUDGET;

/**
 * Every function whole, the bundled AWS SDK included (~330-400 KB of it): bundled since the runtime's
 * copy is not the version the tests ran (docs/decisions.md); 806 KB was the largest when it was set.
 */
export const LAMBDA_TOTAL_BUDGET = 900 * KB;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface FirstLoad {
  js: Array<{ file: string; gzip: number }>;
  css: Array<{ file: string; gzip: number }>;
  jsGzip: number;
  cssGzip: number;
}

/**
 * The entry's chunks and its static imports, transitively (dynamic imports load later, on demand);
 * with `page`, also that lazily loaded page's chunk and its static imports (a direct visit to it).
 */
export function firstLoadOf(
  manifest: Record<string, ManifestChunk>,
  gzipOf: (file: string) => number,
  page?: string,
): FirstLoad {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error("the Vite manifest has no entry chunk");
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  if (page) visit(page);
  const js = [...seen].map((key) => ({ file: manifest[key]!.file, gzip: gzipOf(manifest[key]!.file) }));
  const styles = [...css].map((file) => ({ file, gzip: gzipOf(file) }));
  return {
    js,
    css: styles,
    jsGzip: js.reduce((sum, f) => sum + f.gzip, 0),
    cssGzip: styles.reduce((sum, f) => sum + f.gzip, 0),
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** A production build of the web (Vite, with its manifest) into `outDir`. */
export function buildWeb(outDir: string) {
  const build = spawnSync(
    process.execPath,
    [
      viteBin,
      "build",
      "--config",
      webViteConfig,
      "--outDir",
      outDir,
      "--emptyOutDir",
      "--manifest",
      "--logLevel",
      "warn",
    ],
    // A production build even when called from a test (vitest sets NODE_ENV=test, which Vite honours).
    {
      cwd: repoRoot,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (build.status !== 0) throw new Error("vite build failed");
}

function checkWeb(): string[] {
  const outDir = mkdtempSync(join(tmpdir(), "penny-web-budget-"));
  try {
    buildWeb(outDir);
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8"));
    const load = firstLoadOf(
      manifest,
      (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
    );
    console.log("\nWeb first load (home page), gzip:");
    for (const f of [...load.js].sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${f.file.padEnd(40)} ${kb(f.gzip)}`);
    console.log(`  JavaScript ${kb(load.jsGzip)} (budget ${kb(WEB_FIRST_LOAD_JS_GZIP_BUDGET)})`);
    console.log(`  CSS        ${kb(load.cssGzip)} (budget ${kb(WEB_FIRST_LOAD_CSS_GZIP_BUDGET)})`);
    const auctionPage = firstLoadOf(
      manifest,
      (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
      AUCTION_PAGE_MODULE,
    );
    console.log(
      `  an auction page opened directly: JavaScript ${kb(auctionPage.jsGzip)} (budget ${kb(WEB_AUCTION_PAGE_JS_GZIP_BUDGET)})`,
    );
    const failures: string[] = [];
    if (auctionPage.jsGzip > WEB_AUCTION_PAGE_JS_GZIP_BUDGET) {
      failures.push(
        `auction page first-load JavaScript ${kb(auctionPage.jsGzip)} gzip > ${kb(WEB_AUCTION_PAGE_JS_GZIP_BUDGET)}`,
      );
    }
    if (load.jsGzip > WEB_FIRST_LOAD_JS_GZIP_BUDGET) {
      failures.push(
        `web first-load JavaScript ${kb(load.jsGzip)} gzip > ${kb(WEB_FIRST_LOAD_JS_GZIP_BUDGET)}`,
      );
    }
    if (load.cssGzip > WEB_FIRST_LOAD_CSS_GZIP_BUDGET) {
      failures.push(`web first-load CSS ${kb(load.cssGzip)} gzip > ${kb(WEB_FIRST_LOAD_CSS_GZIP_BUDGET)}`);
    }
    return failures;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function checkLambdas(): string[] {
  const { sizes, buildMs } = measureBundles();
  console.log(
    `\nLambda bundles (minified; ${sizes.length} functions bundled in ${(buildMs / 1000).toFixed(1)} s):`,
  );
  const failures: string[] = [];
  for (const size of [...sizes].sort((a, b) => b.bytes - a.bytes)) {
    const budget = lambdaBudget(size.handlerId);
    const ours = size.bytes - size.sdkBytes;
    const over = ours > budget;
    const overTotal = size.bytes > LAMBDA_TOTAL_BUDGET;
    console.log(
      `  ${size.handlerId.padEnd(40)} ${kb(ours).padStart(9)} without the SDK, budget ${kb(budget)}${over ? "  OVER" : ""}; ${kb(size.bytes)} whole${overTotal ? `  OVER ${kb(LAMBDA_TOTAL_BUDGET)}` : ""}`,
    );
    const heaviest = size.heaviest.map((h) => `${h.input} ${kb(h.bytes)}`).join(", ");
    if (over)
      failures.push(`${size.handlerId} ${kb(ours)} without the SDK > ${kb(budget)} (heaviest: ${heaviest})`);
    if (overTotal)
      failures.push(
        `${size.handlerId} ${kb(size.bytes)} > ${kb(LAMBDA_TOTAL_BUDGET)} whole (heaviest: ${heaviest})`,
      );
  }
  return failures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { only: { type: "string" } } });
  const failures = [
    ...(values.only === "lambda" ? [] : checkWeb()),
    ...(values.only === "web" ? [] : checkLambdas()),
  ];
  if (failures.length) {
    console.error(`\nOver budget:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery budget holds.");
  }
}
