/**
 * The ship-by guarantee (docs/architecture.md, "Ship-by"): the sweep's reminders to the seller and the
 * admin's late list (the buyer's cancel, which calls the payment provider, is cancel-late-order.ts). The
 * emails follow from the changes on the table's stream (functions/domain/notifications.ts).
 */
import type { OrderView } from "#shared/schemas/orders";
import { getOrder, listLateOrders } from "../../adapters/dynamo/orders-repo.ts";
import { listDueShipSteps, writeShipStep } from "../../adapters/dynamo/ship-by-repo.ts";
import { dueShipStep } from "../../domain/ship-by.ts";
import { logger } from "../../observability/logger.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toOrderView } from "../views/order-view.ts";

export interface ShipBySweepResult {
  reminded: number;
  late: number;
  settled: number;
}

const BATCH = 100;
const MAX_BATCHES = 10;

/** Every due entry of the ship-by index gets its step: a reminder 2 days and 1 day before, late at the moment. */
export async function sweepShipBy(now: number): Promise<ShipBySweepResult> {
  const result: ShipBySweepResult = { reminded: 0, late: 0, settled: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await listDueShipSteps(now, BATCH);
    let progressed = 0;
    for (const orderId of due) {
      const order = await getOrder(orderId);
      if (!order || order.shipBy === undefined) continue;
      const step = dueShipStep(order.shipBy, order.shipReminders ?? 0, now);
      if (!step) continue;
      const written = await writeShipStep(
        orderId,
        order.shipReminders ?? 0,
        step.kind === "remind"
          ? { kind: "remind", remindersSent: step.remindersSent, shipBy: order.shipBy }
          : { kind: "late", shipBy: order.shipBy },
      );
      if (!written) continue;
      progressed++;
      if (step.kind === "late") result.late++;
      else result.reminded++;
      logger.info("ship-by step", { orderId, step: step.kind });
    }
    if (due.length < BATCH || progressed === 0) break;
  }
  return result;
}

/** The admin's list: the late orders and the ones cancelled for it, the longest overdue first. */
export async function lateOrders(): Promise<OrderView[]> {
  const [orders, spot] = await Promise.all([listLateOrders(), freshSpotPrices(Date.now())]);
  return orders.map((order) => toOrderView(order, spot));
}
