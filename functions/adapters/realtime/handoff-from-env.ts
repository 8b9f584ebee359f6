import { lambdaLiveHandoff } from "./lambda-live-handoff.ts";
import type { LiveHandoff } from "./live-handoff.ts";

let installed: LiveHandoff | null = null;

/** The local stack and tests put their stand-in here (null removes it: the stream alone delivers). */
export function installLiveHandoff(handoff: LiveHandoff | null): void {
  installed = handoff;
}

const streamOnly: LiveHandoff = { async handOff() {} };

/**
 * The hand-off the environment asks for: an installed stand-in (local stack, tests), an `Event`
 * invocation of BROADCASTER_FUNCTION_NAME (AWS), or none (the stream alone delivers).
 */
export function liveHandoff(): LiveHandoff {
  if (installed) return installed;
  const broadcaster = process.env.BROADCASTER_FUNCTION_NAME;
  if (broadcaster) return lambdaLiveHandoff(broadcaster);
  return streamOnly;
}
