import { localVapidEnvironment } from "../../scripts/local/vapid-keys.ts";
import { testLogLevel } from "./handler-logs.ts";

/**
 * The environment the handlers read, for tests that run them in-process against DynamoDB Local.
 * (The dev stack sets the same in scripts/local/stack.ts.)
 */
export function handlerTestEnv(dynamoEndpoint: string): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    ALLOWED_ORIGINS: "http://localhost:5173,http://127.0.0.1:5173",
    PAYMENT_PROVIDER: "local",
    // Lets the local provider use the public development webhook secret (nowhere else may).
    LOCAL_STACK: "1",
    // New password hashes at the suite's low scrypt cost (functions/config/runtime.ts passwordParams).
    PASSWORD_HASH_COST: "low",
    POWERTOOLS_LOG_LEVEL: testLogLevel(),
    // The origin lock is on, as deployed: invokeRoute plays CloudFront and adds it (viaSite: false does not).
    ORIGIN_SECRET: "integration-origin-secret",
    // Web Push: throwaway keys; pushes go to the local push service (GET /api/dev/push).
    ...localVapidEnvironment(null),
  };
}
