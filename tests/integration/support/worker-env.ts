/** Runs in every integration worker before its test file: the handlers' environment. */
import { inject } from "vitest";
import { handlerTestEnv } from "../../support/local-env.ts";

const endpoint = inject("dynamoEndpoint");
if (process.env.AWS_ENDPOINT_URL_DYNAMODB !== endpoint) {
  Object.assign(process.env, handlerTestEnv(endpoint));
}
