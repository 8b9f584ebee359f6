/**
 * The Event API key GET /api/config serves: one item, `LIVEKEY#public` / `SERVED`, written by the
 * scheduled rotation (usecases/realtime/rotate-api-keys.ts) and read by the config route and
 * `npm run preflight` (which warns when it expires within 30 days).
 */
import * as z from "#shared/schemas/zod";
import type { ServedRealtimeKey } from "../../domain/realtime-api-keys.ts";
import { getItem, putItem } from "./commands.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { liveKeys } from "./keys.ts";

interface StoredServedKey {
  id: string;
  since: string;
  expiresAt: string;
}

const SERVED_KEY_SCHEMA = z.object({
  id: z.string().check(z.minLength(1)),
  since: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
}) satisfies z.ZodMiniType<StoredServedKey>;
const _sERVED_KEY_SCHEMAKeys: SameKeys<z.infer<typeof SERVED_KEY_SCHEMA>, StoredServedKey> = true;

/** The stored item as the domain has it, undefined when nothing is served yet. */
export function servedKeyOfItem(item: Record<string, unknown> | undefined): ServedRealtimeKey | undefined {
  if (!item) return undefined;
  const stored = parseStoredItem("servedLiveKey", SERVED_KEY_SCHEMA, item);
  return { id: stored.id, since: Date.parse(stored.since), expiresAt: Date.parse(stored.expiresAt) };
}

export async function readServedRealtimeKey(): Promise<ServedRealtimeKey | undefined> {
  // Consistent: the rotation plans on what it wrote a run before.
  const { Item } = await getItem({ Key: liveKeys.servedApiKey(), ConsistentRead: true });
  return servedKeyOfItem(Item);
}

/** What GET /api/config serves: one eventually consistent read (a key just replaced stays valid a day). */
export async function servedRealtimeKeyId(): Promise<string | undefined> {
  const { Item } = await getItem({ Key: liveKeys.servedApiKey() });
  return servedKeyOfItem(Item)?.id;
}

/** The rotation's ServedKeyStore (usecases/realtime/rotate-api-keys.ts). */
export const dynamoServedKeyStore = {
  served: readServedRealtimeKey,
  async serve(key: ServedRealtimeKey): Promise<void> {
    const item = {
      ...liveKeys.servedApiKey(),
      type: "servedLiveKey",
      id: key.id,
      since: new Date(key.since).toISOString(),
      expiresAt: new Date(key.expiresAt).toISOString(),
    } satisfies StoredServedKey & Record<string, string>;
    await putItem({ Item: item });
  },
};
