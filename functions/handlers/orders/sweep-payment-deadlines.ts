import { logger } from "../../observability/logger.ts";
import { sweepPaymentDeadlines } from "../../usecases/orders/payment-deadlines.ts";
import { sweepShipBy } from "../../usecases/orders/ship-by.ts";

/**
 * Every 15 minutes (EventBridge rule; the local stack every minute): reminders and expiry of unpaid
 * wins, and the ship-by reminders to sellers and the late list. Both read the same index (gsi4), so one
 * schedule serves both.
 */
export async function handler() {
  const now = Date.now();
  const result = await sweepPaymentDeadlines(now);
  logger.info("payment deadline sweep", { ...result });
  const shipBy = await sweepShipBy(now);
  logger.info("ship-by sweep", { ...shipBy });
  return { ...result, shipBy };
}
