/** Vite for `npm run dev` and the e2e tests: the SPA on its port, proxying the API to the gateway. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { repoRoot, viteBin, webViteConfig } from "./paths.ts";
import { ownChild } from "./process.ts";

/** Starts Vite and waits until it answers; returns its stop. */
export async function startVite(
  port: number,
  env: Record<string, string>,
  verbose: boolean,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  if (!existsSync(webViteConfig)) throw new Error("web/vite.config.ts does not exist yet");
  const child = spawn(
    process.execPath,
    [viteBin, "--config", webViteConfig, "--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stop = ownChild(child, "Vite");
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 200) output.shift();
    if (verbose || ready) {
      for (const line of text.split("\n")) if (line.trim()) log(`[vite] ${line}`);
    }
  };
  let ready = false;
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);

  const deadline = Date.now() + 60_000;
  const url = `http://127.0.0.1:${port}/`;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Vite exited during start:\n${output.join("")}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      ready = true;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Vite did not answer on ${url} within 60 s:\n${output.join("")}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) log(`[vite] exited unexpectedly (${signal ?? `code ${code}`}); the API keeps running`);
  });
  return () => {
    stopping = true;
    // Vite ignores SIGTERM while it optimizes dependencies; it holds no data worth waiting for.
    return stop(2500);
  };
}
