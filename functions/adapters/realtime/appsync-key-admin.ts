/**
 * The Event API's keys through AppSync's control plane (ListApiKeys, CreateApiKey, DeleteApiKey on
 * EVENT_API_ID), for the scheduled rotation (usecases/realtime/rotate-api-keys.ts). An AppSync key's
 * id is the key itself (`da2-…`), the value the pages send as `x-api-key`. On this machine the
 * endpoint is the Event API stand-in (AWS_ENDPOINT_URL_APPSYNC: scripts/local/event-api.ts), which
 * speaks the same three calls.
 */
import {
  AppSyncClient,
  CreateApiKeyCommand,
  DeleteApiKeyCommand,
  ListApiKeysCommand,
  NotFoundException,
} from "@aws-sdk/client-appsync";
import type { RealtimeApiKey } from "../../domain/realtime-api-keys.ts";

/** What the rotation's RealtimeKeyAdmin port asks (usecases/realtime/rotate-api-keys.ts). */
export interface AppSyncKeyAdmin {
  list(): Promise<RealtimeApiKey[]>;
  create(expiresAt: number): Promise<RealtimeApiKey>;
  delete(id: string): Promise<void>;
}

const DESCRIPTION = "Public subscribe key, served by GET /api/config (rotated on a schedule)";

export interface AppSyncKeyAdminOptions {
  apiId: string;
  /** Another endpoint (moto_server in the tests); else the SDK's, or AWS_ENDPOINT_URL_APPSYNC. */
  endpoint?: string;
  region?: string;
}

/** AppSync counts expiry in epoch seconds; the domain in epoch milliseconds. */
const keyOf = (key: { id?: string; expires?: number }): RealtimeApiKey => ({
  id: key.id ?? "",
  expiresAt: (key.expires ?? 0) * 1000,
});

export function appSyncKeyAdmin(options: AppSyncKeyAdminOptions): AppSyncKeyAdmin {
  const client = new AppSyncClient({
    maxAttempts: 3,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.region ? { region: options.region } : {}),
  });
  return {
    async list() {
      const keys: RealtimeApiKey[] = [];
      let nextToken: string | undefined;
      do {
        const page = await client.send(new ListApiKeysCommand({ apiId: options.apiId, nextToken }));
        keys.push(...(page.apiKeys ?? []).filter((k) => k.id).map(keyOf));
        nextToken = page.nextToken;
      } while (nextToken);
      return keys;
    },
    async create(expiresAt) {
      const { apiKey } = await client.send(
        new CreateApiKeyCommand({
          apiId: options.apiId,
          description: DESCRIPTION,
          expires: Math.floor(expiresAt / 1000),
        }),
      );
      if (!apiKey?.id) throw new Error("AppSync created an API key without an id");
      return keyOf(apiKey);
    },
    async delete(id) {
      try {
        await client.send(new DeleteApiKeyCommand({ apiId: options.apiId, id }));
      } catch (error) {
        // Another run deleted it first: what this one wanted.
        if (!(error instanceof NotFoundException)) throw error;
      }
    },
  };
}

/** The Event API the stage's rotation works on (EVENT_API_ID). */
export function keyAdminFromEnv(): AppSyncKeyAdmin {
  const apiId = process.env.EVENT_API_ID;
  if (!apiId) throw new Error("EVENT_API_ID is not set: the stage has no Event API");
  return appSyncKeyAdmin({ apiId });
}
