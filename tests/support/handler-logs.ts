/**
 * The handlers' log lines (Powertools' JSON, one `write` per line on stdout or stderr) held back from
 * the test output: a passing test prints none, a failing one prints those written while it ran.
 * Test workers keep them in memory (tests/support/print-handler-logs.ts, a setup file); the e2e stack, whose handlers run in Vitest's
 * own process, appends them to test-results/e2e-stack.log, which its workers read on a failure
 * (tests/e2e/support/global-setup.ts, setup.ts).
 *
 * More detail for a failing test: `POWERTOOLS_LOG_LEVEL=INFO npx vitest run --project … <file>` (tests
 * log at WARN unless told otherwise).
 */

/** What Powertools writes: a JSON object starting with its level. */
const HANDLER_LOG = /^\{"level":"/;

type Write = typeof process.stdout.write;

/** Sends every handler log line to `hold` instead of the terminal. Returns the undo. */
export function holdHandlerLogs(hold: (line: string) => void): () => void {
  const undo = [process.stdout, process.stderr].map((stream) => {
    const write: Write = stream.write;
    const held = ((chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === "string" ? chunk : null;
      if (text === null || !HANDLER_LOG.test(text)) {
        return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
      }
      hold(text.endsWith("\n") ? text : `${text}\n`);
      // Honour a write's callback, as the stream would.
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return true;
    }) as Write;
    stream.write = held;
    return () => {
      if (stream.write === held) stream.write = write;
    };
  });
  return () => {
    for (const restore of undo) restore();
  };
}

/** The level the handlers log at in tests: WARN, unless the caller asked for more. */
export function testLogLevel(): string {
  return process.env.POWERTOOLS_LOG_LEVEL || "WARN";
}
