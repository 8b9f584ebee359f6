/**
 * Child processes of the local stack (DynamoDB Local's Java, Vite) must never outlive us.
 *
 * - A graceful stop (our SIGINT/SIGTERM handlers, or stop()) kills them and waits for their exit.
 * - `process.on("exit")` kills them on any orderly exit (process.exit, end of the event loop).
 * - A watchdog covers the rest (our process killed with SIGKILL, a crash of the runtime): a tiny
 *   `sh` whose stdin is a pipe from us. When we die the pipe closes, `cat` sees EOF and the shell
 *   kills the child. It costs one sh + cat process per child and never keeps our event loop alive.
 */
import { type ChildProcess, spawn } from "node:child_process";

const owned = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of owned) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
}

/**
 * Registers a child so it dies with us, however we die. Returns a stop() that ends it gracefully.
 * `onUnexpectedExit` hears of an exit that no stop() asked for (a server dying during a run).
 */
export function ownChild(
  child: ChildProcess,
  name: string,
  onUnexpectedExit?: (how: string) => void,
): (timeoutMs?: number) => Promise<void> {
  installExitHook();
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) onUnexpectedExit?.(signal ?? `code ${code}`);
  });
  owned.add(child);
  const watchdog = startWatchdog(child);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  exited.then(() => {
    owned.delete(child);
    stopWatchdog(watchdog);
  });

  return async (timeoutMs = 5000) => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) {
        console.warn(`[local] ${name} did not stop within ${timeoutMs} ms; killing it`);
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    await exited;
    clearTimeout(timer);
  };
}

/** The last `max` chunks a child wrote on stdout and stderr; `forward` sees each chunk as it comes. */
export function tailOutput(child: ChildProcess, forward?: (text: string) => void, max = 200): () => string {
  const chunks: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    chunks.push(text);
    if (chunks.length > max) chunks.shift();
    forward?.(text);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return () => chunks.join("");
}

/**
 * The port a server child holds: the first `LISTENING <port>` line on its stdout, which our launchers
 * (java/LoopbackDynamoDBLocal, vite-server.mjs) print once bound. Only the child itself can print it, so
 * another server on the port it was asked for cannot pass for it. Rejects with the child's last output
 * when it exits or fails to spawn first, or when `timeoutMs` passes.
 */
export function listeningPort(
  child: ChildProcess,
  name: string,
  output: () => string,
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const done = (error: Error | null, port?: number) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      if (error) reject(error);
      else resolve(port as number);
    };
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      const match = /^LISTENING (\d+)$/m.exec(seen);
      if (match) done(null, Number(match[1]));
    };
    const onExit = (code: number | null, signal: string | null) =>
      done(new Error(`${name} exited during start (${signal ?? `code ${code}`}):\n${output()}`));
    const onError = (error: Error) => done(new Error(`Could not start ${name}: ${error.message}`));
    const timer = setTimeout(
      () => done(new Error(`${name} did not listen within ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  });
}

function startWatchdog(child: ChildProcess): ChildProcess | null {
  if (!child.pid) return null;
  const watchdog = spawn(
    "sh",
    ["-c", 'cat >/dev/null; kill -9 "$1" 2>/dev/null', "watchdog", String(child.pid)],
    {
      stdio: ["pipe", "ignore", "ignore"],
    },
  );
  watchdog.on("error", () => {});
  watchdog.stdin?.on("error", () => {});
  watchdog.unref();
  // The pipe must not keep the event loop alive either.
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

function stopWatchdog(watchdog: ChildProcess | null) {
  if (!watchdog || watchdog.exitCode !== null) return;
  // The child is gone already: end the watchdog without letting it kill a (possibly reused) pid.
  watchdog.kill("SIGKILL");
}

type Stopper = () => Promise<void>;

/**
 * SIGINT/SIGTERM/SIGHUP run `stop` once, then exit 0 (a requested stop is a clean exit; 1 if the
 * stop itself failed). A second signal while stopping exits at once (the exit hook still kills the
 * children).
 */
export function stopOnSignals(stop: Stopper, log: (msg: string) => void = console.log) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`\n[local] ${signal}: stopping…`);
    stop().then(
      () => process.exit(0),
      (error) => {
        console.error("[local] error while stopping:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  };
}
