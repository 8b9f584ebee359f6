import { answerCustomResource, isCustomResourceRequest } from "../../adapters/deploy/custom-resource.ts";
import { dynamoServedKeyStore } from "../../adapters/dynamo/realtime-api-keys-repo.ts";
import { keyAdminFromEnv } from "../../adapters/realtime/appsync-key-admin.ts";
import { logger } from "../../observability/logger.ts";
import { rotateRealtimeApiKeys } from "../../usecases/realtime/rotate-api-keys.ts";

async function rotate() {
  const outcome = await rotateRealtimeApiKeys(keyAdminFromEnv(), dynamoServedKeyStore, Date.now());
  logger.info("realtime api keys rotated", { ...outcome });
  return outcome;
}

/**
 * Every 6 hours (an EventBridge rule; the local stack's timer too), and once at deploy time as the
 * custom resource that holds the deploy until the first key is served (infra/constructs/realtime-api-keys.ts).
 */
export async function handler(event: unknown) {
  if (!isCustomResourceRequest(event)) return rotate();
  const status = await answerCustomResource(event, "realtime-api-keys", async () => {
    await rotate();
    return {};
  });
  if (status === "FAILED")
    logger.error("the deploy-time rotation failed", { requestType: event.RequestType });
  return status;
}
