/**
 * A production build of the web served by `vite preview` on a free port of 127.0.0.1, with /api and /ws
 * proxied to a local gateway (the same origin, as CloudFront gives in production) and each client
 * route served its prerendered shell (web/shells.ts). Used by `npm run lighthouse` and the browser
 * test of the production build (tests/e2e/prerender.e2e.test.ts).
 */
import { spawn } from "node:child_process";
import { repoRoot, viteBin, webViteConfig } from "./paths.ts";
import { freePort } from "./ports.ts";
import { ownChild } from "./process.ts";

/** What scripts/local/audit-server.ts prints, then the preview's URL, once the site answers. */
export const PREVIEW_READY_PREFIX = "audited site: ";

export async function servePreview(
  outDir: string,
  gatewayPort: number,
  options: { originSecret?: string } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      viteBin,
      "preview",
      "--config",
      webViteConfig,
      "--outDir",
      outDir,
      "--port",
      String(port),
      "--strictPort",
      "--host",
      "127.0.0.1",
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        GATEWAY_PORT: String(gatewayPort),
        WEB_PORT: String(port),
        ...(options.originSecret ? { ORIGIN_SECRET: options.originSecret } : {}),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const stop = ownChild(child, "vite preview");
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`vite preview did not answer on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => stop(5000) };
}
