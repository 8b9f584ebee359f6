import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import { eventHandlerNeeds, knownHandlerIds } from "../../infra/access.ts";
import { bundleHandlers, projectRoot } from "../../infra/bundling.ts";

// Inside the project, as the other bundle checks; every bundle is self-contained (the AWS SDK included).
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

it("only the functions that hand live updates to the broadcaster import the Lambda client", () => {
  const dir = join(outdir, "imports");
  mkdirSync(dir, { recursive: true });
  const metafile = bundleHandlers([...knownHandlerIds()], dir);
  const importers = Object.entries(metafile.outputs)
    .filter(
      ([file, output]) =>
        file.endsWith("/index.mjs") && Object.keys(output.inputs).some((input) => input.includes(LAMBDA)),
    )
    .map(([, output]) => handlerIdOf(output.entryPoint))
    .sort();
  const handingOff = [...knownHandlerIds()].filter((id) => eventHandlerNeeds(id).handsOffLiveUpdates).sort();
  expect(handingOff).toEqual([
    "admin/list-auctions",
    "agents/run-agents",
    "auctions/buy-now",
    "auctions/close-auction",
    "auctions/get-auction",
    "auctions/get-buy-now",
    "auctions/list-auctions",
    "auctions/list-won-auctions",
    "auctions/place-bid",
    "orders/create-order",
    "seller/list-seller-auctions",
  ]);
  expect(importers).toEqual(handingOff);
});

const LAMBDA = "node_modules/@aws-sdk/client-lambda/";

/** `<outdir>/.entries/<handlerId>.ts` -> handlerId. */
function handlerIdOf(entryPoint: string | undefined): string {
  return (entryPoint ?? "").replace(/^.*\/\.entries\//, "").replace(/\.ts$/, "");
}
