/**
 * Starts the whole local stack once for the e2e run: DynamoDB Local in memory, gateway, seed, stream
 * poller and Vite, each on a port the OS picks as it binds; one that dies fails the run at once. Tests read the URLs with inject("webUrl") / inject("apiUrl")
 * (or the helpers in ./browser.ts).
 *
 * The stack's handlers run in this process: their log lines go to test-results/e2e-stack.log, not the
 * terminal, and a failing test prints those written while it ran (./setup.ts).
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot } from "../../../scripts/local/paths.ts";
import { failRun } from "../../support/fail-run.ts";
import { holdHandlerLogs, testLogLevel } from "../../support/handler-logs.ts";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    seededAdmin: { username: string; password: string } | null;
    seededBuyer: { username: string; password: string } | null;
    /** What the site's proxy sends the API (a second proxy, e.g. `vite preview`, must send it too). */
    originSecret: string;
    /** Where the stack's handlers log (one JSON line each). */
    stackLog: string;
  }
}

export default async function setup(project: TestProject) {
  const stackLog = join(repoRoot, "test-results", "e2e-stack.log");
  mkdirSync(join(repoRoot, "test-results"), { recursive: true });
  writeFileSync(stackLog, "");
  const release = holdHandlerLogs((line) => appendFileSync(stackLog, line));
  // The handlers' logger takes its level when first imported, so the level is set before the stack is.
  process.env.POWERTOOLS_LOG_LEVEL = testLogLevel();
  const { startLocalStack } = await import("../../../scripts/local/stack.ts");
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, gateway: 0, web: 0, events: 0 },
    withVite: true,
    // New password hashes at the suite's low scrypt cost (functions/config/runtime.ts passwordParams).
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL, PASSWORD_HASH_COST: "low" },
    onServerExit: failRun,
    log: (message) => {
      if (process.env.E2E_VERBOSE) console.log(message);
    },
  });
  // The page and the API share one origin; 127.0.0.1 avoids any localhost -> ::1 detour.
  project.provide("webUrl", stack.webUrl.replace("//localhost:", "//127.0.0.1:"));
  project.provide("apiUrl", stack.apiUrl);
  project.provide("seededAdmin", stack.seeded?.admin ?? null);
  project.provide("seededBuyer", stack.seeded?.buyer ?? null);
  project.provide("originSecret", process.env.ORIGIN_SECRET ?? "");
  project.provide("stackLog", stackLog);
  return async () => {
    await stack.stop();
    release();
  };
}
