/**
 * The local stand-in for the EventBridge rule that runs the ending-soon alert sweep every minute
 * (functions/routes.ts `eventHandlers.endingSoonAlerts`): a timer that invokes it in-process.
 */
import { eventHandlers } from "../../functions/routes.ts";
import { type LocalSweep, type LocalSweepOptions, localSweepTimer } from "./in-process-runs.ts";

export type LocalAlertSweep = LocalSweep;

export function createLocalAlertSweep(options: LocalSweepOptions = {}): LocalAlertSweep {
  return localSweepTimer(eventHandlers.endingSoonAlerts, {
    ...options,
    prefix: "alerts",
    failure: "ending-soon sweep failed",
  });
}
