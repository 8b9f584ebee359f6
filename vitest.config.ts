import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The projects (docs/architecture.md section 7):
 *   unit               pure logic: tests/unit and web/src, no I/O
 *   integration        handlers and the local gateway against in-memory DynamoDB Local, one per
 *                      worker (INTEGRATION_WORKERS; a fresh table per file:
 *                      tests/integration/support/fresh-table.ts)
 *   integration-alone  the same, for the files that saturate DynamoDB Local (the bid storm): after
 *                      the integration project, one file at a time
 *   infra              the CDK app, synthesized in-process (each stage once for all files) and
 *                      once through the cdk CLI
 *   e2e                Chromium through the whole local stack (started once, each server on a port it binds itself, in memory)
 *
 *   npx vitest run --project unit
 */

/**
 * expect.poll waits for what a user or a client waits for (a socket's frame, a stream's delivery), not
 * for a time: its default of 1 s is a time, and a loaded 2-core CI machine outruns it.
 */
const EVENTUALLY = { timeout: 15_000 };

const integration = {
  globalSetup: ["tests/integration/support/global-setup.ts"],
  setupFiles: [
    "tests/integration/support/worker-env.ts",
    "tests/integration/support/record-table-access.ts",
    "tests/support/print-handler-logs.ts",
  ],
  testTimeout: 20_000,
  hookTimeout: 60_000,
  expect: { poll: EVENTUALLY },
};

/**
 * How many files of a project run at a time: the variable's number when it is set (INTEGRATION_WORKERS,
 * E2E_WORKERS), else `fallback`.
 */
function workersFrom(variable: string, fallback: number | undefined): number | undefined {
  const asked = Number(process.env[variable]);
  return Number.isInteger(asked) && asked > 0 ? asked : fallback;
}

/**
 * Integration: two files at a time in CI (each on its own DynamoDB Local and table, measured in
 * docs/benchmarks.md "CI run time"); elsewhere Vitest's default, so one file run locally starts one
 * DynamoDB Local, not two.
 */
const integrationWorkers = workersFrom("INTEGRATION_WORKERS", process.env.CI ? 2 : undefined);

/** e2e: one file at a time on the one stack unless E2E_WORKERS asks for more. */
const e2eWorkers = workersFrom("E2E_WORKERS", 1) ?? 1;

/** Integration files that load DynamoDB Local to its limit, so they run by themselves. */
const ALONE = ["tests/integration/auctions/bid-storm.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@web": fileURLToPath(new URL("./web/src", import.meta.url)),
    },
  },
  test: {
    // Handlers log at WARN and above, held back unless their test fails (tests/support/handler-logs.ts);
    // POWERTOOLS_LOG_LEVEL=INFO npx vitest run … shows more.
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL || "WARN" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "web/src/**/*.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...ALONE],
          ...integration,
          // Each worker on its own DynamoDB Local (support/global-setup.ts).
          maxWorkers: integrationWorkers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The storm takes the bid path to its limit: on the DynamoDB Local that every earlier file had
          // filled, CI saw it pass its 150 s timeout (45 s alone), so it runs last, on a fresh one.
          name: "integration-alone",
          include: [...ALONE],
          ...integration,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The CDK app: synthesized in-process (and once through the cdk CLI), no AWS access.
          name: "infra",
          include: ["tests/infra/**/*.test.ts"],
          // One module graph for all its files: aws-cdk-lib is imported once, not per file, and the
          // dev and prod stages are synthesized once (tests/infra/support/synth.ts).
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          setupFiles: ["tests/e2e/support/setup.ts", "tests/support/print-handler-logs.ts"],
          // The files share one stack; E2E_WORKERS=2 runs two at a time on it.
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: EVENTUALLY },
        },
      },
    ],
  },
});
