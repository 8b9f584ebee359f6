/** Vite for `npm run dev` and the e2e tests: the SPA on its port, proxying the API to the gateway. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, webViteConfig } from "./paths.ts";
import { listeningPort, ownChild, tailOutput } from "./process.ts";

/** The child that runs Vite through its API and prints the port it holds (vite-server.mjs). */
export const viteServerScript = join(repoRoot, "scripts", "local", "vite-server.mjs");

export interface ViteOptions {
  /** 0 lets the OS pick one as Vite binds. */
  port: number;
  env: Record<string, string>;
  verbose: boolean;
  log: (message: string) => void;
  /** Hears, with Vite's last output, of an exit after a successful start that no stop() asked for. */
  onUnexpectedExit?: (message: string) => void;
}

/**
 * Starts Vite and waits until it serves; returns its port and its stop. Ready means: the child said
 * which port it holds, and that port answers a path only Vite serves (`/@vite/client`) while the
 * child still runs, so whatever else listens on some port can never pass for it.
 */
export async function startVite(
  options: ViteOptions,
): Promise<{ port: number; pid: number | undefined; stop: () => Promise<void> }> {
  if (!existsSync(webViteConfig)) throw new Error("web/vite.config.ts does not exist yet");
  const child = spawn(process.execPath, [viteServerScript, "serve", webViteConfig, String(options.port)], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let ready = false;
  const output = tailOutput(child, (text) => {
    if (!options.verbose && !ready) return;
    for (const line of text.split("\n")) if (line.trim()) options.log(`[vite] ${line}`);
  });
  const stop = ownChild(child, "Vite", (how) => {
    if (!ready) return;
    const message = `[vite] exited unexpectedly (${how}):\n${output()}`;
    if (options.onUnexpectedExit) options.onUnexpectedExit(message);
    else options.log(`${message}\n[vite] the API keeps running`);
  });
  // Vite ignores SIGTERM while it optimizes dependencies; it holds no data worth waiting for.
  const stopSoon = () => stop(2500);

  const deadline = Date.now() + 60_000;
  try {
    const port = await listeningPort(child, "Vite", output, 60_000);
    const url = `http://127.0.0.1:${port}/@vite/client`;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`Vite exited during start:\n${output()}`);
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.ok) break;
        throw new Error(`${url} answered ${res.status}`);
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(
            `Vite did not serve ${url} within 60 s (${(error as Error).message}):\n${output()}`,
          );
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    }
    ready = true;
    return { port, pid: child.pid, stop: stopSoon };
  } catch (error) {
    await stopSoon();
    throw error;
  }
}
