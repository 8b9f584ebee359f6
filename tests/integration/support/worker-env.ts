/** Runs in every integration worker before its test file: the handlers' environment, on this worker's own DynamoDB Local. */
import { inject } from "vitest";
import { handlerTestEnv } from "../../support/local-env.ts";

const endpoints = inject("dynamoEndpoints");
const endpoint = endpoints[(Number(process.env.VITEST_POOL_ID || 1) - 1) % endpoints.length]!;
if (process.env.AWS_ENDPOINT_URL_DYNAMODB !== endpoint) {
  Object.assign(process.env, handlerTestEnv(endpoint));
}
