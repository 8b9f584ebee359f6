/**
 * The scheduled rotation of the Event API's public key (functions/domain/realtime-api-keys.ts): creates
 * the next key before the newest expires, records the key GET /api/config serves, and deletes the
 * superseded ones a day later. No redeploy: the key lives in the table, not in the function's
 * environment.
 */
import {
  planRealtimeKeys,
  type RealtimeApiKey,
  type ServedRealtimeKey,
} from "../../domain/realtime-api-keys.ts";

/** The Event API's keys (AppSync's ListApiKeys, CreateApiKey, DeleteApiKey). */
export interface RealtimeKeyAdmin {
  list(): Promise<RealtimeApiKey[]>;
  create(expiresAt: number): Promise<RealtimeApiKey>;
  delete(id: string): Promise<void>;
}

/** Where the key GET /api/config serves is kept. */
export interface ServedKeyStore {
  served(): Promise<ServedRealtimeKey | undefined>;
  serve(key: ServedRealtimeKey): Promise<void>;
}

export interface RotationOutcome {
  created?: string;
  served?: string;
  deleted: string[];
}

export async function rotateRealtimeApiKeys(
  admin: RealtimeKeyAdmin,
  store: ServedKeyStore,
  now: number,
): Promise<RotationOutcome> {
  let keys = await admin.list();
  const served = await store.served();
  const outcome: RotationOutcome = { deleted: [] };
  let plan = planRealtimeKeys(keys, served, now);
  if (plan.createExpiringAt !== undefined) {
    const created = await admin.create(plan.createExpiringAt);
    outcome.created = created.id;
    keys = [...keys, created];
    plan = planRealtimeKeys(keys, served, now);
  }
  if (plan.serve) {
    await store.serve(plan.serve);
    outcome.served = plan.serve.id;
  }
  // Only after the new key is recorded: a page never gets a key this run deletes.
  for (const id of plan.delete) {
    await admin.delete(id);
    outcome.deleted.push(id);
  }
  return outcome;
}
