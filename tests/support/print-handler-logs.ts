/**
 * A setup file of the projects that run handlers (tests/support/handler-logs.ts): this file's handler
 * log lines are held, and a failing test prints those written while it ran.
 */
import { afterAll, beforeEach } from "vitest";
import { holdHandlerLogs } from "./handler-logs.ts";

// Enough for any one test; a storm's test keeps its last lines.
const MAX_LINES = 2000;

let held: string[] = [];
const release = holdHandlerLogs((line) => {
  held.push(line);
  if (held.length > MAX_LINES) held.shift();
});

beforeEach(({ onTestFailed, task }) => {
  // What a hook or the previous test wrote is not this test's.
  held = [];
  onTestFailed(() => {
    if (held.length) console.error(`handler logs while "${task.name}" ran:\n${held.join("")}`);
  });
});

afterAll(release);
