/**
 * The local stand-in of the Event API key rotation's schedule (functions/routes.ts
 * `eventHandlers.realtimeApiKeyRotation`): a timer running the same handler, whose AppSync adapter
 * reaches the Event API stand-in's keys (scripts/local/event-api.ts), so GET /api/config serves a key
 * the rotation made, as on a stage. The stack runs it once at start, as the deploy does.
 */
import { eventHandlers } from "../../functions/routes.ts";
import { type LocalSweep, type LocalSweepOptions, localSweepTimer } from "./in-process-runs.ts";

/** The deployed rule's rate (infra/constructs/realtime-api-keys.ts); REALTIME_KEY_ROTATION_MINUTES changes it. */
const DEFAULT_EVERY_MINUTES = 6 * 60;

export function startLocalRealtimeKeyRotation(options: LocalSweepOptions = {}): LocalSweep {
  const minutes = Number(process.env.REALTIME_KEY_ROTATION_MINUTES) || DEFAULT_EVERY_MINUTES;
  return localSweepTimer(eventHandlers.realtimeApiKeyRotation, {
    ...options,
    everyMs: options.everyMs ?? minutes * 60_000,
    prefix: "realtime-api-keys",
    failure: "realtime api key rotation failed",
  });
}
