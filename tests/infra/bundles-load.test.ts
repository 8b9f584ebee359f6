import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import { knownHandlerIds } from "../../infra/access.ts";
import { bundleHandlers, projectRoot } from "../../infra/bundling.ts";

// Inside the project, so the bundles' one external (@aws-sdk/*, which Lambda's runtime provides)
// resolves from node_modules the way it resolves on Lambda.
const outdir = join(projectRoot, "node_modules", ".cache", `penny-bundles-${process.pid}`);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

it("every deployed bundle loads as an ES module and exports `handler`", async () => {
  mkdirSync(outdir, { recursive: true });
  const handlerIds = [...knownHandlerIds()];
  bundleHandlers(handlerIds, outdir);
  for (const handlerId of handlerIds) {
    const module = (await import(pathToFileURL(join(outdir, handlerId, "index.mjs")).href)) as {
      handler?: unknown;
    };
    expect(typeof module.handler, handlerId).toBe("function");
  }
});
