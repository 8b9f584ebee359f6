/**
 * A production build of the web served by `vite preview` on a free port of 127.0.0.1, with /api and /ws
 * proxied to a local gateway (the same origin, as CloudFront gives in production) and each client
 * route served its prerendered shell (web/shells.ts). Used by `npm run lighthouse` and the browser
 * test of the production build (tests/e2e/prerender.e2e.test.ts).
 */
import { spawn } from "node:child_process";
import { repoRoot, webViteConfig } from "./paths.ts";
import { listeningPort, ownChild, tailOutput } from "./process.ts";
import { viteServerScript } from "./vite.ts";

/** What scripts/local/audit-server.ts prints, then the preview's URL, once the site answers. */
export const PREVIEW_READY_PREFIX = "audited site: ";

export async function servePreview(
  outDir: string,
  gatewayPort: number,
  options: { originSecret?: string } = {},
): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  // Port 0: the child binds and says which port it got (vite-server.mjs), so no other server can hold it.
  const child = spawn(process.execPath, [viteServerScript, "preview", webViteConfig, "0", outDir], {
    cwd: repoRoot,
    env: {
      ...process.env,
      GATEWAY_PORT: String(gatewayPort),
      ...(options.originSecret ? { ORIGIN_SECRET: options.originSecret } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = tailOutput(child);
  const stop = ownChild(child, "vite preview");
  try {
    const port = await listeningPort(child, "vite preview", output, 30_000);
    const url = `http://127.0.0.1:${port}/`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`vite preview answered ${res.status} on ${url}`);
    return { url, port, stop: () => stop(5000) };
  } catch (error) {
    await stop();
    throw error;
  }
}
