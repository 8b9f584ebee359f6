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

it("binds each HTTP bundle to the route of its file: the bundled auth/me refuses an anonymous caller", async () => {
  mkdirSync(outdir, { recursive: true });
  bundleHandlers(["auth/me"], outdir);
  const { handler } = (await import(pathToFileURL(join(outdir, "auth/me", "index.mjs")).href)) as {
    handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
  };
  const event = {
    version: "2.0",
    rawPath: "/api/auth/me",
    headers: {},
    requestContext: { requestId: "bundle-test", http: { method: "GET", path: "/api/auth/me" } },
  };
  const result = await handler(event, { functionName: "auth-me", awsRequestId: "bundle-test" });
  expect(result.statusCode).toBe(401);
  expect(JSON.parse(result.body)).toEqual({ message: expect.any(String) });
});
