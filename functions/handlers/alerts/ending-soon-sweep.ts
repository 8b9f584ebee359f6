import { logger } from "../../observability/logger.ts";
import { sweepEndingSoonAlerts } from "../../usecases/alerts/ending-soon.ts";

/** Every minute (EventBridge rule; the local stack every minute too): queues the ending-soon alerts due. */
export async function handler() {
  const queued = await sweepEndingSoonAlerts(Date.now());
  logger.info("ending-soon sweep", { queued });
  return { queued };
}
