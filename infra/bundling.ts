import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, buildSync, type Metafile } from "esbuild";
import { handlerSourceFile } from "../functions/routes.ts";

/** Repository root: every path the CDK app bundles is resolved from here, whatever the cwd. */
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
export const handlersDir = join(projectRoot, "functions", "handlers");

/** Handler id "area/name" -> functions/handlers/area/name.ts (the same file the local stack imports). */
export function handlerEntry(handlerId: string): string {
  const file = join(handlersDir, handlerSourceFile(handlerId));
  if (!existsSync(file)) {
    throw new Error(
      `functions/handlers/${handlerId}.ts does not exist: every handler of functions/routes.ts needs its file`,
    );
  }
  return file;
}

/** Lambda's handler setting for every bundle: <handlerId>/index.mjs exporting `handler`. */
export const LAMBDA_HANDLER = "index.handler";

/**
 * The bundle's entry of a handler: the handler file's module made into Lambda's `handler` for the id its
 * path gives it (functions/http/handler-module.ts), exactly as the local stack loads it. Written under
 * `outdir`/.entries, outside every function's asset directory.
 */
function writeEntry(handlerId: string, outdir: string): string {
  const entry = join(outdir, ".entries", `${handlerId}.ts`);
  mkdirSync(dirname(entry), { recursive: true });
  const handlerModule = join(projectRoot, "functions", "http", "handler-module.ts");
  writeFileSync(
    entry,
    [
      `import * as mod from ${JSON.stringify(handlerEntry(handlerId))};`,
      `import { lambdaHandlerOf } from ${JSON.stringify(handlerModule)};`,
      `export const handler = lambdaHandlerOf(mod, ${JSON.stringify(handlerId)});`,
      "",
    ].join("\n"),
  );
  return entry;
}

/**
 * The esbuild settings of every function, in one place: the CDK app and
 * scripts/check-bundle-sizes.ts both build with these.
 */
export function esbuildOptions(handlerIds: readonly string[], outdir: string): BuildOptions {
  return {
    entryPoints: handlerIds.map((id) => ({ in: writeEntry(id, outdir), out: `${id}/index` })),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    // nodejs24.x
    target: "node24",
    format: "esm",
    minify: true,
    sourcemap: true,
    // Prefer the ES module build of a dependency: it tree-shakes.
    mainFields: ["module", "main"],
    // The AWS SDK clients are bundled, not taken from the runtime: the runtime's copy is whatever
    // version Lambda ships that month, while the tests and the local stack run node_modules' pinned
    // one. Bundled, the code that was tested is the code that runs (docs/decisions.md).
    external: [],
    // CommonJS dependencies inside an ES module bundle still call require(): give them one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    absWorkingDir: projectRoot,
    metafile: true,
    logLevel: "error",
    legalComments: "none",
  };
}

/**
 * Bundles handlers in ONE esbuild run (esbuild parallelises it), instead of one esbuild process per
 * function: measured in docs/benchmarks.md ("Lambda bundle sizes").
 */
export function bundleHandlers(handlerIds: readonly string[], outdir: string): Metafile {
  const result = buildSync(esbuildOptions(handlerIds, outdir));
  if (!result.metafile) throw new Error("esbuild returned no metafile");
  return result.metafile;
}

let bundleDir: string | undefined;
const bundled = new Set<string>();

/**
 * The directory holding `<handlerId>/index.mjs` (+ .map) for a handler. The first call bundles every
 * handler the app will ask for (`allHandlerIds`); a handler outside that list is bundled on its own.
 * Each process bundles into its own temporary directory, so parallel synths cannot collide.
 */
export function bundledHandlerDir(handlerId: string, allHandlerIds: readonly string[]): string {
  if (!bundleDir) {
    const dir = mkdtempSync(join(tmpdir(), "penny-auction-bundles-"));
    bundleDir = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  if (!bundled.has(handlerId)) {
    const pending = [...new Set([...allHandlerIds, handlerId])].filter((id) => !bundled.has(id));
    bundleHandlers(pending, bundleDir);
    for (const id of pending) bundled.add(id);
  }
  return join(bundleDir, handlerId);
}
