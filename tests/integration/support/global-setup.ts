/**
 * Starts one in-memory DynamoDB Local per worker of the integration run (INTEGRATION_WORKERS; each test
 * file then makes its own table with useFreshTable()): two files at a time on one engine would share
 * its single request queue, and the storm files load it to its limit. worker-env.ts points each worker at its own engine
 * (VITEST_POOL_ID). Workers also inherit the first engine's environment, set here before any starts.
 * An engine that dies during the run fails the run at once, with Java's last output.
 */
import { availableParallelism } from "node:os";
import type { TestProject } from "vitest/node";
import { startDynamoLocal } from "../../../scripts/local/dynamo.ts";
import { failRun } from "../../support/fail-run.ts";
import { handlerTestEnv } from "../../support/local-env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** One endpoint per worker: the worker with VITEST_POOL_ID n uses entry (n - 1) modulo their count. */
    dynamoEndpoints: string[];
  }
}

export default async function setup(project: TestProject) {
  // As Vitest counts its workers: the project's maxWorkers (1 for fileParallelism: false), the run's,
  // else one less than the cores.
  const engines = Math.max(
    1,
    Number(project.config.maxWorkers || project.vitest.config.maxWorkers) || availableParallelism() - 1,
  );
  console.log(`[integration] ${project.name}: ${engines} DynamoDB Local`);
  const dynamos = await Promise.all(
    Array.from({ length: engines }, () =>
      startDynamoLocal({ port: 0, inMemory: true, onUnexpectedExit: failRun }),
    ),
  );
  Object.assign(process.env, handlerTestEnv(dynamos[0]!.endpoint));
  project.provide(
    "dynamoEndpoints",
    dynamos.map((d) => d.endpoint),
  );
  return async () => {
    await Promise.all(dynamos.map((d) => d.stop()));
  };
}
