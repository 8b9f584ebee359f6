/**
 * Bundles every Lambda exactly as the CDK app does (infra/bundling.ts) and reports each bundle's
 * minified size from esbuild's metafile. Fails (exit 1) when a function is over its budget.
 *
 *   npm run check:bundles            # print the table
 *   npm run check:bundles -- --write # also replace "## Lambda bundle sizes" in docs/benchmarks.md
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { knownHandlerIds } from "../infra/access.ts";
import { bundleHandlers, projectRoot } from "../infra/bundling.ts";

/**
 * Minified bytes allowed per function (index.mjs, the code Lambda loads; the .map is not loaded), the
 * bundled AWS SDK included: the bid function was 105 KB before the SDK was bundled and 563 KB after.
 */
export const BUNDLE_BUDGETS: Record<string, number> = {
  "auctions/place-bid": 600 * 1024,
};

/** The AWS SDK's packages and what only they pull in: bundled since the runtime's copy is not the tested one. */
const SDK_PACKAGE =
  /node_modules\/(@aws-sdk|@smithy|@aws-crypto|@aws|fast-xml-parser|strnum|bowser|tslib|mnemonist|obliterator)\//;

export interface BundleSize {
  handlerId: string;
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
  /** Of `bytes`, what the AWS SDK's packages put in. */
  sdkBytes: number;
  /** The heaviest inputs, by bytes they put in the bundle. */
  heaviest: { input: string; bytes: number }[];
  budget?: number;
}

export function measureBundles(handlerIds: readonly string[] = [...knownHandlerIds()]): {
  sizes: BundleSize[];
  buildMs: number;
} {
  const outdir = mkdtempSync(join(tmpdir(), "penny-bundle-sizes-"));
  try {
    const started = performance.now();
    const metafile = bundleHandlers(handlerIds, outdir);
    const buildMs = performance.now() - started;
    const sizes = handlerIds.map((handlerId): BundleSize => {
      const file = join(outdir, handlerId, "index.mjs");
      const output = metafile.outputs[relative(projectRoot, file)];
      if (!output) throw new Error(`esbuild's metafile has no output for ${handlerId}`);
      const byOrigin = new Map<string, number>();
      let sdkBytes = 0;
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        if (SDK_PACKAGE.test(input)) sdkBytes += bytesInOutput;
        const origin = originOf(input);
        byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + bytesInOutput);
      }
      const heaviest = [...byOrigin]
        .map(([input, bytes]) => ({ input, bytes }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3);
      return {
        handlerId,
        bytes: output.bytes,
        gzipBytes: gzipSync(readFileSync(file)).length,
        mapBytes: statSync(`${file}.map`).size,
        sdkBytes,
        heaviest,
        budget: BUNDLE_BUDGETS[handlerId],
      };
    });
    return { sizes, buildMs };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export function overBudget(sizes: BundleSize[]): BundleSize[] {
  return sizes.filter((s) => s.budget !== undefined && s.bytes > s.budget);
}

/** The npm package an input comes from, or "own code" for functions/ and shared/. */
function originOf(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return pkg ? pkg[1]! : "own code";
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function markdownSection(sizes: BundleSize[], buildMs: number): string {
  const rows = [...sizes]
    .sort((a, b) => a.handlerId.localeCompare(b.handlerId))
    .map(
      (s) =>
        `| ${s.handlerId} | ${kb(s.bytes)} | ${kb(s.bytes - s.sdkBytes)} | ${kb(s.gzipBytes)} | ${s.budget ? `${kb(s.budget)} ${s.bytes <= s.budget ? "ok" : "OVER"}` : ""} | ${s.heaviest.map((h) => `${h.input} ${kb(h.bytes)}`).join(", ")} |`,
    );
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  return [
    "## Lambda bundle sizes",
    "`npm run check:bundles` (esbuild metafile of the very build the CDK app deploys: ESM, minified, node24,",
    "the AWS SDK v3 clients bundled; fails when a function is over its budget). Minified = index.mjs, the",
    "code Lambda loads; the source map ships beside it but is read only to print a stack trace. Without",
    "the SDK = minified less what the AWS SDK's packages put in (what `npm run check:budgets` holds to",
    "each function's budget).",
    "",
    `${sizes.length} functions, ${kb(total)} minified in all; one esbuild run bundled them in ${(buildMs / 1000).toFixed(1)} s on this machine.`,
    "",
    "| function | minified | without the SDK | gzip | budget | heaviest parts |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Replaces (or appends) the "## Lambda bundle sizes" section, leaving the other sections alone. */
export function replaceSection(document: string, section: string): string {
  const start = document.indexOf("## Lambda bundle sizes");
  if (start === -1) return `${document.trimEnd()}\n\n${section}`;
  const next = document.indexOf("\n## ", start + 1);
  if (next === -1) return `${document.slice(0, start)}${section}`;
  return `${document.slice(0, start)}${section.trimEnd()}\n\n${document.slice(next + 1)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { sizes, buildMs } = measureBundles();
  const section = markdownSection(sizes, buildMs);
  console.log(section);
  if (process.argv.includes("--write")) {
    const file = join(projectRoot, "docs", "benchmarks.md");
    writeFileSync(file, replaceSection(readFileSync(file, "utf8"), section));
    console.log(`updated ${relative(projectRoot, file)}`);
  }
  const over = overBudget(sizes);
  for (const s of over)
    console.error(`${s.handlerId}: ${kb(s.bytes)} is over its budget of ${kb(s.budget!)}`);
  process.exitCode = over.length ? 1 : 0;
}
