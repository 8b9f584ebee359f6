import { logger } from "../../observability/logger.ts";
import { sweepPaymentDeadlines } from "../../usecases/orders/payment-deadlines.ts";

/** Every 15 minutes (EventBridge rule; the local stack every minute): reminders and expiry of unpaid wins. */
export async function handler() {
  const result = await sweepPaymentDeadlines(Date.now());
  logger.info("payment deadline sweep", { ...result });
  return result;
}
