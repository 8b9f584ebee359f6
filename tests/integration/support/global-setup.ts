/**
 * Starts ONE in-memory DynamoDB Local for the whole integration run (each test file then makes its
 * own table with useFreshTable()). Workers learn the endpoint twice over: through process.env (set
 * here before any worker starts, inherited by them) and through `inject("dynamoEndpoint")`, which
 * worker-env.ts applies should the environment not have been inherited.
 */
import type { TestProject } from "vitest/node";
import { startDynamoLocal } from "../../../scripts/local/dynamo.ts";
import { failRun } from "../../support/fail-run.ts";
import { handlerTestEnv } from "../../support/local-env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal({ port: 0, inMemory: true, onUnexpectedExit: failRun });
  Object.assign(process.env, handlerTestEnv(dynamo.endpoint));
  project.provide("dynamoEndpoint", dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
