import { eventHandlers } from "../../functions/routes.ts";
import { type LocalSweep, type LocalSweepOptions, localSweepTimer } from "./in-process-runs.ts";

export type LocalDeadlineSweep = LocalSweep;

/**
 * The stand-in for the EventBridge rule that runs the payment deadline sweep
 * (orders/sweep-payment-deadlines): the same handler on a timer. Every minute locally, so a stage
 * with a deadline of minutes (WIN_PAYMENT_DAYS is whole days; tests inject the clock instead) still
 * sees its steps promptly.
 */
export function startLocalDeadlineSweep(options: LocalSweepOptions = {}): LocalDeadlineSweep {
  return localSweepTimer(eventHandlers.paymentDeadlineSweep, {
    ...options,
    everyMs: options.everyMs ?? 60_000,
    prefix: "deadlines",
    failure: "payment deadline sweep failed",
    // A table made before the deadline index (gsi4) must not stop the stack.
    sweepNeverThrows: true,
  });
}
